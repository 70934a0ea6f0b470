// The members of a website (owner accounts holding roles on it) and their roles. A website
// always keeps at least one admin.
import { AppError, type ServiceContext } from '@sc/platform';
import { IdentityMessages, Role, type Member } from '@sc/contracts';
import type { IdentityDB } from '../tables.js';
import { findOwnerByEmail, lockAdmins, memberRows, replaceRoles, rolesOf } from '../owners/owner.repository.js';

export class MemberService {
  readonly #ctx: ServiceContext<IdentityDB>;

  constructor(ctx: ServiceContext<IdentityDB>) {
    this.#ctx = ctx;
  }

  async list(websiteId: string): Promise<Member[]> {
    const members = new Map<string, Member>();
    for (const row of await memberRows(this.#ctx.db, websiteId)) {
      const member = members.get(row.owner_id) ?? { ownerId: row.owner_id, email: row.email, name: row.name, roles: [] };
      member.roles.push(row.role as Role);
      members.set(row.owner_id, member);
    }
    return [...members.values()];
  }

  /** Gives an existing owner account these roles on the website (replacing any it had). */
  async add(websiteId: string, email: string, roles: readonly Role[]): Promise<Member> {
    const owner = await findOwnerByEmail(this.#ctx.db, email);
    if (!owner) throw new AppError('NOT_FOUND', IdentityMessages.ownerNotFound, { fields: { email: IdentityMessages.ownerNotFound } });
    await this.#replace(websiteId, owner.id, roles);
    return { ownerId: owner.id, email: owner.email, name: owner.name, roles: [...roles].sort((a, b) => a - b) };
  }

  async setRoles(websiteId: string, ownerId: string, roles: readonly Role[]): Promise<Member> {
    await this.#requireMember(websiteId, ownerId);
    await this.#replace(websiteId, ownerId, roles);
    const member = (await this.list(websiteId)).find((m) => m.ownerId === ownerId);
    if (!member) throw new AppError('NOT_FOUND', IdentityMessages.memberNotFound);
    return member;
  }

  async remove(websiteId: string, ownerId: string): Promise<void> {
    await this.#requireMember(websiteId, ownerId);
    await this.#replace(websiteId, ownerId, []);
  }

  async #requireMember(websiteId: string, ownerId: string): Promise<void> {
    if ((await rolesOf(this.#ctx.db, websiteId, ownerId)).length === 0) throw new AppError('NOT_FOUND', IdentityMessages.memberNotFound);
  }

  async #replace(websiteId: string, ownerId: string, roles: readonly Role[]): Promise<void> {
    await this.#ctx.transaction(async (trx) => {
      const admins = await lockAdmins(trx, websiteId, Role.ADMIN);
      const wasAdmin = admins.includes(ownerId);
      if (wasAdmin && !roles.includes(Role.ADMIN) && admins.length === 1) throw new AppError('CONFLICT', IdentityMessages.lastAdmin);
      await replaceRoles(trx, websiteId, ownerId, roles);
    });
  }
}
