// The rules of comments, likes and member access, without I/O.
import { CommentState, type Identity, type MemberAreaAccessKind } from '@sc/contracts';

interface CommentFields {
  commentState?: number | undefined;
  publicCommentCount?: number | undefined;
}

/**
 * SPEC 4 "Other": comments are on when commentState is 1 or the item has public comments; the
 * site setting turns them off everywhere.
 */
export function commentsOn(item: CommentFields, commentsEnabled: boolean): boolean {
  if (!commentsEnabled) return false;
  return item.commentState === CommentState.ON || (item.publicCommentCount ?? 0) > 0;
}

/** New comments: where comments are on, unless the owner closed the thread (commentState 2 keeps it, takes no more). */
export function acceptsComments(item: CommentFields, commentsEnabled: boolean): boolean {
  return commentsOn(item, commentsEnabled) && item.commentState !== CommentState.CLOSED;
}

/** Who likes: the signed-in site user, else the visitor cookie; undefined when neither is known. */
export function likerOf(siteUserId: string | undefined, visitorCookie: string | undefined): string | undefined {
  if (siteUserId) return `u:${siteUserId}`;
  if (visitorCookie && /^[A-Za-z0-9_-]{16,64}$/.test(visitorCookie)) return `v:${visitorCookie}`;
  return undefined;
}

/** A visitor's standing towards gated content. */
export interface Viewer {
  siteUserId: string | undefined;
  /** An owner (or API key) who may read the website's content sees every page. */
  owner: boolean;
}

/** An anonymous visitor. */
export const VISITOR: Viewer = Object.freeze({ siteUserId: undefined, owner: false });

/** The viewer of a request's identity (an owner holding content:read counts as an owner). */
export function viewerOf(identity: Identity, ownerMayRead: boolean): Viewer {
  return { siteUserId: identity.siteUserId, owner: (identity.kind === 'owner' || identity.kind === 'api-key') && ownerMayRead };
}

/**
 * Access to a member area: owners always; free areas every signed-in site user of the website
 * (a free site account is the sign-up); paid areas the site users holding a grant.
 */
export function hasAccess(viewer: Viewer, access: MemberAreaAccessKind, granted: boolean): boolean {
  if (viewer.owner) return true;
  if (!viewer.siteUserId) return false;
  return access === 'free' || granted;
}
