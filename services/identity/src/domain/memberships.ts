// Pure shaping of an owner's memberships: one entry per website with all the roles held there.
import type { OwnerWebsite, Role } from '@sc/contracts';

export interface Membership {
  websiteId: string;
  role: number;
  /** Null while content's announcement of the website has not arrived. */
  title: string | null;
  domains: readonly string[] | null;
}

/** Groups (website, role) rows by website, keeping their order; a website not announced yet shows its id. */
export function websitesOfMemberships(rows: readonly Membership[]): OwnerWebsite[] {
  const byId = new Map<string, OwnerWebsite>();
  for (const row of rows) {
    const website = byId.get(row.websiteId) ?? {
      id: row.websiteId,
      title: row.title ?? row.websiteId,
      domains: [...(row.domains ?? [])],
      roles: [],
    };
    if (!website.roles.includes(row.role as Role)) website.roles.push(row.role as Role);
    byId.set(row.websiteId, website);
  }
  for (const website of byId.values()) website.roles.sort((a, b) => a - b);
  return [...byId.values()];
}
