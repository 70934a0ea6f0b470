// API keys: made by an owner for one website with a scope (a list of permissions), shown once,
// stored as a hash, revocable. A key never holds more than its creator: its scope is checked
// against the creator's permissions when it is made and narrowed to them on every use.
import { AppError, type ServiceContext } from '@sc/platform';
import {
  API_KEY_SCOPES,
  IdentityMessages,
  formatMessage,
  permissionsOfRoles,
  type ApiKey,
  type ApiKeyCreated,
  type CreateApiKey,
  type Permission,
} from '@sc/contracts';
import { apiKeyPrefix, newApiKey, newId, sha256 } from '../domain/tokens.js';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './api-key.repository.js';
import type { IdentityDB } from '../tables.js';
import { rolesOf } from '../owners/owner.repository.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The listing shape of a key row (never the key). */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as Permission[],
    ownerId: row.owner_id,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

export class ApiKeyService {
  readonly #ctx: ServiceContext<IdentityDB>;

  constructor(ctx: ServiceContext<IdentityDB>) {
    this.#ctx = ctx;
  }

  async create(websiteId: string, ownerId: string, input: CreateApiKey): Promise<ApiKeyCreated> {
    for (const scope of input.scopes) {
      if (!API_KEY_SCOPES.includes(scope)) {
        const message = formatMessage(IdentityMessages.scopeNotGrantable, { permission: scope });
        throw new AppError('VALIDATION_FAILED', message, { fields: { scopes: message } });
      }
    }
    const held = permissionsOfRoles(await rolesOf(this.#ctx.db, websiteId, ownerId));
    const missing = input.scopes.find((scope) => !held.has(scope));
    if (missing) throw new AppError('FORBIDDEN', formatMessage(IdentityMessages.scopeNotHeld, { permission: missing }));
    const key = newApiKey();
    const row = await insertApiKey(this.#ctx.db, {
      id: newId(),
      websiteId,
      ownerId,
      name: input.name,
      prefix: apiKeyPrefix(key),
      keyHash: sha256(key),
      scopes: input.scopes,
    });
    return { ...toApiKey(row), key };
  }

  async list(websiteId: string): Promise<ApiKey[]> {
    return (await listApiKeys(this.#ctx.db, websiteId)).map(toApiKey);
  }

  async revoke(websiteId: string, id: string): Promise<ApiKey> {
    const row = await revokeApiKey(this.#ctx.db, websiteId, id);
    if (!row) throw new AppError('NOT_FOUND', IdentityMessages.apiKeyNotFound);
    return toApiKey(row);
  }
}
