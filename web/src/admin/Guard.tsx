// What a screen shows to a role without the permission it needs (its links are hidden anyway and
// the services refuse the calls).
import type { ReactNode } from 'react';
import { IdentityMessages, type Permission } from '@sc/contracts';
import { useSession } from './session.js';
import { Page } from './ui.js';

/** What a screen shows to a role without the permission it needs (the links are hidden anyway). */
export function Guard({ permission, children }: { permission: Permission | readonly Permission[]; children: ReactNode }) {
  const { can } = useSession();
  const needed: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  if (!needed.some((p) => can(p))) {
    return (
      <Page title="Not allowed">
        <p role="alert">{IdentityMessages.forbidden}</p>
      </Page>
    );
  }
  return <>{children}</>;
}
