# Varnish as the shared cache in front of the gateway (issue 38; test/shared-cache.test.ts runs it).
#
# What it relies on from us:
# - Pages every visitor gets alike answer `Cache-Control: public, max-age=0, s-maxage=N,
#   stale-while-revalidate=M` and `Surrogate-Key: w-<website> i-<item> ...`; pages for one visitor
#   answer `private`, errors `no-store`, and nothing public sets a cookie (the crumb comes from
#   GET /api/crumb), so Varnish's built-in rules keep exactly the right answers.
# - A website's change is purged by render (PURGE_URLS=http://<this varnish>/): `PURGE` with the
#   header `Surrogate-Key: w-<website>`, which bans every object carrying that key.
# - The cookies that make a page one visitor's are the sessions (OwnerSession, SiteUserSession,
#   each `__Host-` prefixed under HTTPS) and the experiment overrides (sc_flags): with one of them a
#   page request goes to the gateway. Every other cookie (the cart, the crumb, analytics) changes no
#   page, so it is dropped from page requests, and those visitors share the cached pages.
#
# The backend is the gateway: set its address for your deployment (the test writes its own port).
vcl 4.1;

backend gateway {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may purge: the render service's hosts.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # One key, as render sends it; anything else would be a regular expression of the caller's.
    if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_-]{1,80}$") {
      return (synth(400, "One Surrogate-Key is required"));
    }
    ban("obj.http.Surrogate-Key ~ (^|\s)" + req.http.Surrogate-Key + "(\s|$)");
    return (synth(200, "Purged"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The API (carts, sessions, the crumb) and the admin are never shared.
  if (req.url ~ "^/(api|config)(/|\?|$)" || req.http.Authorization) {
    return (pass);
  }
  if (req.http.Cookie ~ "(^|;\s*)(__Host-)?(OwnerSession|SiteUserSession|sc_flags)=") {
    return (pass);
  }
  unset req.http.Cookie;
  return (hash);
}

# Varnish's built-in vcl_backend_response stores nothing that sets a cookie, is private or
# no-store, and takes stale-while-revalidate as the grace.

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
