// An owner's admin preferences (issue 35): the admin keeps a table's columns and sort here so
// they follow the owner to another browser. Only a signed-in owner with a role on the website
// reads or writes, and only their own (the owner id comes from the signed identity, never the URL).
import { AppError, type ServiceContext } from '@sc/platform';
import { IdentityMessages, type Identity, type OwnerPreference } from '@sc/contracts';
import type { IdentityDB } from '../tables.js';
import { findPreference, savePreference, type PreferenceRow } from './preferences.repository.js';

const view = (key: string, row: PreferenceRow | undefined): OwnerPreference => ({
  key,
  value: (row?.value ?? null) as OwnerPreference['value'],
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
});

/** The owner a preference belongs to: 401 signed out (or an API key), 403 without a role here. */
function ownerOf(identity: Identity): string {
  if (identity.kind !== 'owner' || !identity.ownerId) throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
  if (identity.roles.length === 0) throw new AppError('FORBIDDEN', IdentityMessages.forbidden);
  return identity.ownerId;
}

export class PreferenceService {
  readonly #ctx: ServiceContext<IdentityDB>;

  constructor(ctx: ServiceContext<IdentityDB>) {
    this.#ctx = ctx;
  }

  /** The value under `key` (null until set). */
  async get(identity: Identity, key: string): Promise<OwnerPreference> {
    const row = await findPreference(this.#ctx.db, { ownerId: ownerOf(identity), websiteId: identity.websiteId, key });
    return view(key, row);
  }

  /** Keeps `value` under `key` (the contract has bounded its size). */
  async put(identity: Identity, key: string, value: unknown): Promise<OwnerPreference> {
    const row = await savePreference(this.#ctx.db, { ownerId: ownerOf(identity), websiteId: identity.websiteId, key }, value);
    return view(key, row);
  }
}
