// The members panel: who holds which roles on this website. Reading needs members:read,
// changing needs members:manage (admins only, by the permission table).
import { AddMember, Member, MemberList, MemberParams, Permission, SetMemberRoles, SignedOut } from '@sc/contracts';
import { identityOf, ownerRoute, type ZodApp } from '@sc/platform';
import type { MemberService } from './member.service.js';

/** GET/POST /api/auth/members, PUT/DELETE /api/auth/members/:ownerId. */
export function memberRoutes(app: ZodApp, members: MemberService): void {
  app.get(
    '/api/auth/members',
    ownerRoute(Permission.MEMBERS_READ, { schema: { summary: "This website's members and their roles", response: { 200: MemberList } } }),
    async (request) => ({ members: await members.list(identityOf(request).websiteId) }),
  );

  app.post(
    '/api/auth/members',
    ownerRoute(Permission.MEMBERS_MANAGE, {
      schema: { summary: 'Give an owner account roles on this website', body: AddMember, response: { 200: Member } },
    }),
    async (request) => members.add(identityOf(request).websiteId, request.body.email, request.body.roles),
  );

  app.put(
    '/api/auth/members/:ownerId',
    ownerRoute(Permission.MEMBERS_MANAGE, {
      schema: { summary: "Replace a member's roles", params: MemberParams, body: SetMemberRoles, response: { 200: Member } },
    }),
    async (request) => members.setRoles(identityOf(request).websiteId, request.params.ownerId, request.body.roles),
  );

  app.delete(
    '/api/auth/members/:ownerId',
    ownerRoute(Permission.MEMBERS_MANAGE, {
      schema: { summary: 'Remove a member from this website', params: MemberParams, response: { 200: SignedOut } },
    }),
    async (request) => {
      await members.remove(identityOf(request).websiteId, request.params.ownerId);
      return { success: true as const };
    },
  );
}
