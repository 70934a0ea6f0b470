// The pure rules of comments, likes and member access.
import { describe, expect, it } from '@jest/globals';
import { acceptsComments, commentsOn, hasAccess, likerOf, VISITOR, viewerOf } from '../../src/domain/community.js';

describe('comment rules (SPEC 4 "Other")', () => {
  it.each([
    [{ commentState: 1, publicCommentCount: 0 }, true, true],
    [{ commentState: 0, publicCommentCount: 3 }, true, true],
    [{ commentState: 0, publicCommentCount: 0 }, true, false],
    [{ commentState: 2, publicCommentCount: 0 }, true, false],
    [{ commentState: 1, publicCommentCount: 5 }, false, false],
    [{}, true, false],
  ])('%j with comments enabled %s: on is %s', (item, enabled, on) => {
    expect(commentsOn(item, enabled)).toBe(on);
  });

  it('takes no new comments on a closed thread that is still shown', () => {
    expect(commentsOn({ commentState: 2, publicCommentCount: 2 }, true)).toBe(true);
    expect(acceptsComments({ commentState: 2, publicCommentCount: 2 }, true)).toBe(false);
    expect(acceptsComments({ commentState: 0, publicCommentCount: 2 }, true)).toBe(true);
  });
});

describe('likers and member access', () => {
  it('tells likers apart by site user first, then a well-formed visitor cookie', () => {
    expect(likerOf('u1', 'abcdefghijklmnopqrstuvwx')).toBe('u:u1');
    expect(likerOf(undefined, 'abcdefghijklmnopqrstuvwx')).toBe('v:abcdefghijklmnopqrstuvwx');
    expect(likerOf(undefined, 'short')).toBeUndefined();
    expect(likerOf(undefined, undefined)).toBeUndefined();
  });

  it('lets owners in, free areas to any site user, paid areas to granted ones', () => {
    const user = { siteUserId: 'u1', owner: false };
    expect(hasAccess(VISITOR, 'free', false)).toBe(false);
    expect(hasAccess(user, 'free', false)).toBe(true);
    expect(hasAccess(user, 'paid', false)).toBe(false);
    expect(hasAccess(user, 'paid', true)).toBe(true);
    expect(hasAccess({ siteUserId: undefined, owner: true }, 'paid', false)).toBe(true);
  });

  it('counts an owner only with content:read', () => {
    const base = { v: 1 as const, websiteId: 'w', requestId: 'r', issuedAt: 0, roles: [] };
    expect(viewerOf({ ...base, kind: 'owner', ownerId: 'o' }, true)).toEqual({ siteUserId: undefined, owner: true });
    expect(viewerOf({ ...base, kind: 'owner', ownerId: 'o', siteUserId: 's' }, false)).toEqual({ siteUserId: 's', owner: false });
    expect(viewerOf({ ...base, kind: 'site-user', siteUserId: 's' }, false)).toEqual({ siteUserId: 's', owner: false });
  });
});
