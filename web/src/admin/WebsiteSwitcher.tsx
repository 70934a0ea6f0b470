// The website switcher. A request's website is its Host (the gateway maps domains to websites), so
// switching goes to /config on a domain of the other website. The current website's title comes
// from its public site read; the owner's other websites from GET /api/auth/websites, which the
// identity service does not offer yet: until it does (any failure), only the current site shows.
import { useEffect, useState } from 'react';
import { useSession } from './session.js';
import { api } from '../lib/api.js';

export interface OwnedWebsite {
  websiteId: string;
  title?: string;
  domains: string[];
  roles: number[];
}

/** Where the admin app of another website is: /config on its first domain, same scheme and port. */
export function adminUrlOf(site: OwnedWebsite, location: Location = window.location): string | undefined {
  const domain = site.domains[0];
  if (!domain) return undefined;
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}/config`;
}

export function WebsiteSwitcher() {
  const { websiteId } = useSession();
  const [title, setTitle] = useState<string>();
  const [sites, setSites] = useState<OwnedWebsite[]>([]);

  useEffect(() => {
    api<{ title: string }>('GET', '/api/content-service/public/1.0/site').then(
      (site) => setTitle(site.title),
      () => setTitle(undefined),
    );
    api<{ websites: OwnedWebsite[] }>('GET', '/api/auth/websites').then(
      (answer) => setSites(Array.isArray(answer.websites) ? answer.websites : []),
      () => setSites([]),
    );
  }, []);

  const others = sites.filter((s) => s.websiteId !== websiteId && adminUrlOf(s));
  if (others.length === 0) {
    return (
      <span className="website" data-website-id={websiteId}>
        {title ?? websiteId}
      </span>
    );
  }
  return (
    <label className="website">
      <span className="visually-hidden">Website</span>
      <select
        aria-label="Website"
        value={websiteId}
        onChange={(event) => {
          const target = others.find((s) => s.websiteId === event.target.value);
          const url = target ? adminUrlOf(target) : undefined;
          if (url) window.location.assign(url);
        }}
      >
        <option value={websiteId}>{title ?? websiteId}</option>
        {others.map((site) => (
          <option key={site.websiteId} value={site.websiteId}>
            {site.title ?? site.domains[0] ?? site.websiteId}
          </option>
        ))}
      </select>
    </label>
  );
}
