// The signed-in owner, shared by every screen: who they are, which website this is, and what their
// roles allow. Screens ask `can(permission)` to leave out what the role may not do (the services
// refuse it anyway).
import { createContext, useContext, type ReactNode } from 'react';
import type { OwnerSessionInfo, Permission } from '@sc/contracts';

export interface Session {
  info: OwnerSessionInfo;
  websiteId: string;
  can: (permission: Permission) => boolean;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in owner's session; only used below the signed-in shell. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in admin app');
  return session;
}

/** Builds the session value of a signed-in owner. */
export function sessionOf(info: OwnerSessionInfo, signOut: () => Promise<void>): Session {
  const granted = new Set<string>(info.permissions);
  return { info, websiteId: info.websiteId, can: (permission) => granted.has(permission), signOut };
}
