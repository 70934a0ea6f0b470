// Comments, likes, member areas and the popup overlay over HTTP. Visitors: under the public base
// (the gateway's crumb check guards their writes; a signed-in site user's writes also carry the
// XSRF header); owners: under /api/content-service/1.0 with the comments and content permissions.
import {
  CommentsSummary,
  CaptchaChallenge,
  CommentListQuery,
  ContentId,
  GrantMemberBody,
  LIKE_VISITOR_COOKIE,
  LIKE_VISITOR_COOKIE_MAX_AGE_S,
  LikeState,
  MemberArea,
  MemberAreaBody,
  MemberAreaSummary,
  MemberGrant,
  ModerateCommentBody,
  OwnerComment,
  OwnerCommentBody,
  OwnerCommentListQuery,
  Permission,
  PopupOverlay,
  PopupOverlayBody,
  PostCommentBody,
  PostCommentResponse,
  PublicComment,
  PublicPopupOverlay,
  sessionCookieName,
} from '@sc/contracts';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf, ownerRoute, pageSchema, websiteIdOf, type Captcha, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CommentService } from './comments.service.js';
import type { LikeService } from './likes.service.js';
import type { MemberAreaService } from './member-areas.service.js';
import type { PopupService } from './popup.service.js';
import { likerOf } from '../domain/community.js';
import { clientIp, cookieOf, isSecure, viewerOfRequest, websiteOf } from '../shared/access.js';
import { OWNER_BASE, PUBLIC_BASE } from '../shared/paths.js';

const ItemParams = z.object({ itemId: ContentId }).strict();
const AreaParams = z.object({ memberAreaId: ContentId }).strict();
const W = { websiteId: ContentId };
const SiteParams = z.object(W).strict();
const OwnerItemParams = z.object({ ...W, itemId: ContentId }).strict();
const CommentParams = z.object({ ...W, commentId: ContentId }).strict();
const OwnerAreaParams = z.object({ ...W, memberAreaId: ContentId }).strict();
const MemberParams = z.object({ ...W, memberAreaId: ContentId, siteUserId: ContentId }).strict();

export interface CommunityServices {
  comments: CommentService;
  likes: LikeService;
  memberAreas: MemberAreaService;
  popup: PopupService;
  captcha: Captcha;
}

/** The like cookie of the request, or a new one set on the reply (HttpOnly, SameSite=Lax, two years). */
function likeCookie(request: FastifyRequest, reply: FastifyReply | undefined): string | undefined {
  const name = sessionCookieName(LIKE_VISITOR_COOKIE, isSecure(request));
  const known = cookieOf(request, name);
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  if (!reply) return undefined;
  const fresh = randomBytes(18).toString('base64url');
  const secure = isSecure(request) ? '; Secure' : '';
  reply.header('set-cookie', `${name}=${fresh}; Path=/; Max-Age=${LIKE_VISITOR_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`);
  return fresh;
}

export function communityRoutes(app: ZodApp, services: CommunityServices): void {
  const { comments, likes, memberAreas, popup, captcha } = services;

  // ---- visitors -------------------------------------------------------------------------------

  app.get(
    `${PUBLIC_BASE}/items/:itemId/comments`,
    {
      schema: {
        summary: "An item's approved comments, oldest first, paged",
        params: ItemParams,
        querystring: CommentListQuery,
        response: { 200: pageSchema(PublicComment) },
      },
    },
    async (request) =>
      comments.listPublic(websiteIdOf(request), request.params.itemId, viewerOfRequest(request), request.query.limit, request.query.cursor),
  );

  app.post(
    `${PUBLIC_BASE}/items/:itemId/comments`,
    {
      schema: {
        summary: 'Post a comment on an item (held for moderation when the site asks)',
        params: ItemParams,
        body: PostCommentBody,
        response: { 201: PostCommentResponse },
      },
    },
    async (request, reply) => {
      const posted = await comments.post(
        { websiteId: websiteIdOf(request), ip: clientIp(request), viewer: viewerOfRequest(request) },
        request.params.itemId,
        request.body,
      );
      return reply.status(201).send(posted);
    },
  );

  // The built-in captcha's challenge for the comment form (solved in the browser, sent as captchaKey).
  app.post(
    `${PUBLIC_BASE}/comments/captcha/challenge`,
    { schema: { summary: 'A captcha challenge for the comment form (solved in the browser)', response: { 200: CaptchaChallenge } } },
    async (request) => captcha.pow.issue(websiteIdOf(request)),
  );

  app.get(
    `${PUBLIC_BASE}/items/:itemId/like`,
    { schema: { summary: "An item's like count, and whether this visitor likes it", params: ItemParams, response: { 200: LikeState } } },
    async (request) => {
      const viewer = viewerOfRequest(request);
      return likes.state(websiteIdOf(request), request.params.itemId, viewer, likerOf(viewer.siteUserId, likeCookie(request, undefined)));
    },
  );

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${PUBLIC_BASE}/items/:itemId/like`,
      schema: { summary: liked ? 'Like an item' : 'Take back a like', params: ItemParams, response: { 200: LikeState } },
      handler: async (request, reply) => {
        const viewer = viewerOfRequest(request);
        // A visitor's first like gives them the like cookie; a site user's likes are theirs wherever they sign in.
        const liker = likerOf(viewer.siteUserId, viewer.siteUserId ? undefined : likeCookie(request, liked ? reply : undefined));
        const { itemId } = request.params;
        if (!liker) return likes.state(websiteIdOf(request), itemId, viewer, undefined);
        return likes.set(websiteIdOf(request), itemId, viewer, liker, clientIp(request), liked);
      },
    });
  }

  app.get(
    `${PUBLIC_BASE}/member-areas/:memberAreaId`,
    {
      schema: {
        summary: 'A member area as a visitor sees it: its access, plans and pages',
        params: AreaParams,
        response: { 200: MemberAreaSummary },
      },
    },
    async (request) => memberAreas.summary(websiteIdOf(request), request.params.memberAreaId, viewerOfRequest(request)),
  );

  app.get(
    `${PUBLIC_BASE}/popup-overlay`,
    { schema: { summary: "The site's popup overlay, when it is on", response: { 200: PublicPopupOverlay } } },
    async (request) => ({ popup: await popup.public(websiteIdOf(request)) }),
  );

  // ---- owners ---------------------------------------------------------------------------------

  app.get(
    `${OWNER_BASE}/comments`,
    ownerRoute(Permission.COMMENTS_MODERATE, {
      schema: {
        summary: "The site's comments for moderation, filtered by status and item, paged",
        params: SiteParams,
        querystring: OwnerCommentListQuery,
        response: { 200: pageSchema(OwnerComment) },
      },
    }),
    async (request) => {
      const { status, itemId, limit, cursor } = request.query;
      return comments.listOwner(websiteOf(request, request.params.websiteId), { status, itemId }, limit, cursor);
    },
  );

  app.get(
    `${OWNER_BASE}/comments-summary`,
    ownerRoute(Permission.COMMENTS_MODERATE, {
      schema: { summary: 'How many comments wait for approval', params: SiteParams, response: { 200: CommentsSummary } },
    }),
    async (request) => ({
      toApprove: await comments.toApprove(websiteOf(request, request.params.websiteId)),
    }),
  );

  app.patch(
    `${OWNER_BASE}/comments/:commentId`,
    ownerRoute(Permission.COMMENTS_MODERATE, {
      schema: { summary: 'Approve or hide a comment', params: CommentParams, body: ModerateCommentBody, response: { 200: OwnerComment } },
    }),
    async (request) => comments.moderate(websiteOf(request, request.params.websiteId), request.params.commentId, request.body),
  );

  app.delete(
    `${OWNER_BASE}/comments/:commentId`,
    ownerRoute(Permission.COMMENTS_MODERATE, { schema: { summary: 'Delete a comment', params: CommentParams } }),
    async (request, reply) => {
      await comments.delete(websiteOf(request, request.params.websiteId), request.params.commentId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${OWNER_BASE}/items/:itemId/comments`,
    ownerRoute(Permission.COMMENTS_WRITE, {
      schema: {
        summary: "Comment on an item as the site's owner",
        params: OwnerItemParams,
        body: OwnerCommentBody,
        response: { 201: PostCommentResponse },
      },
    }),
    async (request, reply) => {
      const identity = identityOf(request);
      const posted = await comments.postAsSite(
        websiteOf(request, request.params.websiteId),
        identity.ownerId ?? identity.apiKeyId ?? 'owner',
        request.params.itemId,
        request.body,
      );
      return reply.status(201).send(posted);
    },
  );

  app.get(
    `${OWNER_BASE}/member-areas`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: "The site's member areas", params: SiteParams, response: { 200: z.object({ memberAreas: z.array(MemberArea) }) } },
    }),
    async (request) => ({
      memberAreas: await memberAreas.list(websiteOf(request, request.params.websiteId)),
    }),
  );

  app.post(
    `${OWNER_BASE}/member-areas`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Create a member area', params: SiteParams, body: MemberAreaBody, response: { 201: MemberArea } },
    }),
    async (request, reply) => reply.status(201).send(await memberAreas.create(websiteOf(request, request.params.websiteId), request.body)),
  );

  app.get(
    `${OWNER_BASE}/member-areas/:memberAreaId`,
    ownerRoute(Permission.CONTENT_READ, { schema: { summary: 'One member area', params: OwnerAreaParams, response: { 200: MemberArea } } }),
    async (request) => memberAreas.get(websiteOf(request, request.params.websiteId), request.params.memberAreaId),
  );

  app.put(
    `${OWNER_BASE}/member-areas/:memberAreaId`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Change a member area', params: OwnerAreaParams, body: MemberAreaBody, response: { 200: MemberArea } },
    }),
    async (request) => memberAreas.replace(websiteOf(request, request.params.websiteId), request.params.memberAreaId, request.body),
  );

  app.delete(
    `${OWNER_BASE}/member-areas/:memberAreaId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Delete a member area', params: OwnerAreaParams } }),
    async (request, reply) => {
      await memberAreas.delete(websiteOf(request, request.params.websiteId), request.params.memberAreaId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${OWNER_BASE}/member-areas/:memberAreaId/members`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: {
        summary: 'The site users given access to a member area',
        params: OwnerAreaParams,
        response: { 200: z.object({ members: z.array(MemberGrant) }) },
      },
    }),
    async (request) => ({ members: await memberAreas.members(websiteOf(request, request.params.websiteId), request.params.memberAreaId) }),
  );

  app.post(
    `${OWNER_BASE}/member-areas/:memberAreaId/members`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: {
        summary: 'Give a site user access to a member area',
        params: OwnerAreaParams,
        body: GrantMemberBody,
        response: { 200: MemberGrant },
      },
    }),
    async (request) =>
      memberAreas.grant(websiteOf(request, request.params.websiteId), request.params.memberAreaId, request.body.siteUserId),
  );

  app.delete(
    `${OWNER_BASE}/member-areas/:memberAreaId/members/:siteUserId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: "Take a site user's access to a member area away", params: MemberParams } }),
    async (request, reply) => {
      await memberAreas.revoke(websiteOf(request, request.params.websiteId), request.params.memberAreaId, request.params.siteUserId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${OWNER_BASE}/popup-overlay`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: "The popup overlay's settings", params: SiteParams, response: { 200: PopupOverlay } },
    }),
    async (request) => popup.get(websiteOf(request, request.params.websiteId)),
  );

  app.put(
    `${OWNER_BASE}/popup-overlay`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: 'Change the popup overlay', params: SiteParams, body: PopupOverlayBody, response: { 200: PopupOverlay } },
    }),
    async (request) => popup.save(websiteOf(request, request.params.websiteId), request.body),
  );
}
