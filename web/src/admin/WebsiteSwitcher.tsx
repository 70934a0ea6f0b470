// The website switcher. A request's website is its Host (the gateway maps domains to websites) and
// the owner's session cookie belongs to the host that set it, so switching asks identity for a
// one-time hand-off and goes to /config on the other website's domain with it; the admin app there
// redeems it for a session of its own (AdminApp). The list is GET /api/auth/websites: every
// website the owner is a member of, with its title, domains and the owner's roles there.
import { useState } from 'react';
import { HANDOFF_QUERY, roleName, type OwnerWebsite, type OwnerWebsiteList } from '@sc/contracts';
import { ownerError } from '../lib/api.js';
import { client } from '../api/typed.js';
import { useApi } from './data.js';
import { useSession } from './session.js';
import { apiPath } from '../api/client.js';
import { Link } from './router.js';

/** /config on a domain, with the same scheme and port as this page (a hand-off token in the query). */
export function adminUrlOn(domain: string, token: string, location: Location = window.location): string {
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}/config?${HANDOFF_QUERY}=${encodeURIComponent(token)}`;
}

const rolesOf = (site: OwnerWebsite): string => site.roles.map((role) => roleName(role)).join(', ');

export function WebsiteSwitcher() {
  const { websiteId } = useSession();
  const websites = useApi<OwnerWebsiteList>(apiPath('/auth/websites'));
  const sites = websites.data?.websites ?? [];
  const [switchProblem, setProblem] = useState<string>();
  const problem = switchProblem ?? websites.error;
  const [busy, setBusy] = useState(false);

  const current = sites.find((site) => site.id === websiteId);
  const others = sites.filter((site) => site.id !== websiteId);

  const switchTo = async (target: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      // Typed by the contract: a renamed route, param or answer field fails the typecheck.
      const { data: handoff } = await client.POST('/auth/websites/{websiteId}/handoff', { params: { path: { websiteId: target } } });
      if (handoff) window.location.assign(adminUrlOn(handoff.domain, handoff.token));
    } catch (failure) {
      setProblem(ownerError(failure).message);
      setBusy(false);
    }
  };

  const create = (
    <Link to="/websites/new" className="create-website-link">
      Create website
    </Link>
  );
  if (others.length === 0) {
    return (
      <span className="website" data-website-id={websiteId}>
        {current?.title ?? websiteId} {create}
        {problem ? <span role="alert"> {problem}</span> : null}
      </span>
    );
  }
  return (
    <label className="website">
      <span className="visually-hidden">Website</span>
      <select
        aria-label="Website"
        value={websiteId}
        disabled={busy}
        data-website-id={websiteId}
        onChange={(event) => void switchTo(event.target.value)}
      >
        <option value={websiteId}>{current ? `${current.title} (${rolesOf(current)})` : websiteId}</option>
        {others.map((site) => (
          <option key={site.id} value={site.id}>
            {site.title} ({rolesOf(site)})
          </option>
        ))}
      </select>
      {busy ? <span role="status"> Switching…</span> : null}
      {problem ? <span role="alert"> {problem}</span> : null} {create}
    </label>
  );
}
