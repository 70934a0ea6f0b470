// Comments, likes, member areas, lessons and the popup overlay, called as the gateway would call
// content (signed identity headers; visitors without). Each rule of issue 11 provoked: SPEC 4's
// "comments on" rule and the site setting, captcha and rate limits, moderation permissions,
// publicCommentCount under concurrent approvals, one like per visitor under concurrent likes,
// gated pages answered 403 with the area to visitors without access, access from a paid order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CommentMessages,
  FormMessages,
  IdentityMessages,
  LIKE_VISITOR_COOKIE,
  MemberAreaMessages,
  RecordType,
  Role,
  type CaptchaChallenge,
  type EventEnvelope,
  type MemberAreaSummary,
} from '@sc/contracts';
import { Captcha, PowCaptcha, solve } from '@sc/platform';
import { unique, waitFor } from '@sc/platform/test-kit';
import { ADMIN, setup, type Caller, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const PUBLIC = '/api/content-service/public/1.0';

describe('comments, likes, member areas, lessons and the popup', () => {
  let kit: Kit;
  let site: string;
  let ip = 0;
  const owner = (roles: number[] = ADMIN): Caller => ({ websiteId: site, roles });
  /** A visitor from an address of their own (the comment rate limit is per address). */
  const visitor = (extra: Partial<Caller> = {}): Caller => ({
    websiteId: site,
    headers: { 'x-forwarded-for': `10.1.${Math.floor(++ip / 250)}.${ip % 250}` },
    ...extra,
  });
  const base = () => `/api/content-service/1.0/websites/${site}`;

  beforeAll(async () => {
    // Difficulty 8: a solved challenge in a millisecond; the verification is the real one.
    kit = await setup({
      captcha: (db) => new Captcha(new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 })),
      memberOrders: { durable: unique('content_orders'), newOnly: true, forgetAfterIdleMs: 60_000 },
      relay: { autoStart: true, pollMs: 50 },
    });
    site = await kit.newWebsite();
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  async function collection(body: Record<string, unknown>): Promise<{ id: string; urlId: string }> {
    const response = await kit.call('POST', `${base()}/collections`, owner(), body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function newPost(
    collectionId: string,
    fields: Record<string, unknown> = {},
  ): Promise<{ id: string; urlId: string; fullUrl: string }> {
    const response = await kit.call('POST', `${base()}/collections/${collectionId}/items`, owner(), {
      recordType: RecordType.TEXT,
      title: unique('Post'),
      body: '<p>Body</p>',
      ...fields,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function captchaKey(caller: Caller = visitor()): Promise<string> {
    const response = await kit.call('POST', `${PUBLIC}/comments/captcha/challenge`, caller);
    expect(response.statusCode).toBe(200);
    const challenge = response.json<CaptchaChallenge>();
    return `pow.${challenge.challengeId}.${solve(challenge)}`;
  }

  const item = async (itemId: string) =>
    (await kit.call('GET', `${PUBLIC}/items/${itemId}`, visitor())).json<{ publicCommentCount: number; likeCount: number }>();
  const thread = async (itemId: string) =>
    (await kit.call('GET', `${PUBLIC}/items/${itemId}/comments`, visitor())).json<{
      items: Array<{ body: string; authorName: string; fromSite: boolean }>;
    }>().items;

  async function postComment(itemId: string, body: Record<string, unknown>, caller: Caller = visitor()) {
    return kit.call('POST', `${PUBLIC}/items/${itemId}/comments`, caller, body);
  }

  describe('comments', () => {
    let blog: { id: string };
    beforeAll(async () => {
      blog = await collection({ type: 1, kind: 'blog', title: unique('Journal') });
    });

    it('takes comments only where SPEC 4 says comments are on, and never when the site turns them off', async () => {
      const off = await newPost(blog.id, { commentState: 0 });
      const refused = await postComment(off.id, { body: 'Hello', authorName: 'Ada', captchaKey: await captchaKey() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CommentMessages.commentsOff);
      // commentState 0 but public comments already there: still on (SPEC 4).
      const withCount = await newPost(blog.id, { commentState: 0, publicCommentCount: 2 });
      expect((await postComment(withCount.id, { body: 'Me too', authorName: 'Ada', captchaKey: await captchaKey() })).statusCode).toBe(201);
      // Closed (2): the thread stays, no new comments.
      const closed = await newPost(blog.id, { commentState: 2, publicCommentCount: 1 });
      expect((await postComment(closed.id, { body: 'Late', authorName: 'Ada', captchaKey: await captchaKey() })).statusCode).toBe(403);

      const other = await kit.newWebsite({ commentsEnabled: false });
      const otherBlog = await kit.call(
        'POST',
        `/api/content-service/1.0/websites/${other}/collections`,
        { websiteId: other, roles: ADMIN },
        { type: 1, title: 'Blog' },
      );
      const on = await kit.call(
        'POST',
        `/api/content-service/1.0/websites/${other}/collections/${otherBlog.json().id}/items`,
        { websiteId: other, roles: ADMIN },
        { recordType: 1, title: 'On', commentState: 1 },
      );
      const forcedOff = await kit.call(
        'POST',
        `${PUBLIC}/items/${on.json().id}/comments`,
        { websiteId: other },
        { body: 'Hi', authorName: 'Ada', captchaKey: 'pow.x.1' },
      );
      expect(forcedOff.statusCode).toBe(403);
      expect(forcedOff.json().error.message).toBe(CommentMessages.commentsOff);
    });

    it('refuses bad input with its message and stores nothing', async () => {
      const post = await newPost(blog.id, { commentState: 1 });
      const noCaptcha = await postComment(post.id, { body: 'Hello', authorName: 'Ada' });
      expect(noCaptcha.statusCode).toBe(400);
      expect(noCaptcha.json().error.message).toBe(FormMessages.captchaRequired);
      const badCaptcha = await postComment(post.id, { body: 'Hello', authorName: 'Ada', captchaKey: `pow.${randomUUID()}.1` });
      expect(badCaptcha.json().error.message).toBe(FormMessages.recaptchaFailed);
      const noName = await postComment(post.id, { body: 'Hello', captchaKey: await captchaKey() });
      expect(noName.json().error.message).toBe(CommentMessages.nameRequired);
      const blank = await postComment(post.id, { body: '   ', authorName: 'Ada' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe(CommentMessages.bodyRequired);
      const long = await postComment(post.id, { body: 'x'.repeat(2001), authorName: 'Ada' });
      expect(long.json().error.message).toBe(CommentMessages.bodyTooLong);
      const unknown = await postComment(post.id, { body: 'Hi', authorName: 'Ada', rating: 5 });
      expect(unknown.statusCode).toBe(400);
      expect(await kit.ctx.db.selectFrom('comments').select('id').where('item_id', '=', post.id).execute()).toEqual([]);
      expect((await postComment('no-such-item', { body: 'Hi', authorName: 'Ada' })).statusCode).toBe(404);
    });

    it('holds a visitor comment for moderation; a moderator approves it; then it is public and counted', async () => {
      const post = await newPost(blog.id, { commentState: 1 });
      const posted = await postComment(post.id, {
        body: 'Lovely glaze!',
        authorName: 'Ada',
        authorEmail: 'ada@example.com',
        captchaKey: await captchaKey(),
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.json()).toMatchObject({
        message: CommentMessages.awaitingApproval,
        comment: { status: 'pending', authorName: 'Ada', body: 'Lovely glaze!' },
      });
      expect(await thread(post.id)).toEqual([]);
      expect((await item(post.id)).publicCommentCount).toBe(0);

      const queue = await kit.call('GET', `${base()}/comments?status=pending&itemId=${post.id}`, owner([Role.MODERATOR]));
      expect(queue.statusCode).toBe(200);
      expect(queue.json().items).toEqual([
        expect.objectContaining({
          id: posted.json().comment.id,
          authorEmail: 'ada@example.com',
          itemTitle: expect.any(String),
          status: 'pending',
        }),
      ]);

      const approved = await kit.call('PATCH', `${base()}/comments/${posted.json().comment.id}`, owner([Role.MODERATOR]), {
        status: 'approved',
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().status).toBe('approved');
      expect(await thread(post.id)).toEqual([expect.objectContaining({ body: 'Lovely glaze!', authorName: 'Ada', fromSite: false })]);
      expect((await item(post.id)).publicCommentCount).toBe(1);
      const events = await kit.events(site, 'content.comments.changed');
      expect(events.map((e) => e.data)).toContainEqual(
        expect.objectContaining({ itemId: post.id, publicCommentCount: 1, urls: expect.arrayContaining([post.fullUrl]) }),
      );

      // Hiding takes it out again; deleting a hidden one changes nothing public.
      await kit.call('PATCH', `${base()}/comments/${posted.json().comment.id}`, owner([Role.MODERATOR]), { status: 'hidden' });
      expect(await thread(post.id)).toEqual([]);
      expect((await item(post.id)).publicCommentCount).toBe(0);
      expect((await kit.call('DELETE', `${base()}/comments/${posted.json().comment.id}`, owner([Role.MODERATOR]))).statusCode).toBe(204);
      expect((await kit.call('DELETE', `${base()}/comments/${posted.json().comment.id}`, owner([Role.MODERATOR]))).statusCode).toBe(404);
    });

    it('lets moderators moderate, commenters post as the site, and nobody else', async () => {
      const post = await newPost(blog.id, { commentState: 1 });
      const posted = await postComment(post.id, { body: 'Question?', authorName: 'Bo', captchaKey: await captchaKey() });
      const id = posted.json().comment.id as string;
      expect((await kit.call('PATCH', `${base()}/comments/${id}`, visitor(), { status: 'approved' })).statusCode).toBe(401);
      expect(
        (await kit.call('PATCH', `${base()}/comments/${id}`, visitor({ siteUserId: 'su-1' }), { status: 'approved' })).statusCode,
      ).toBe(401);
      for (const role of [Role.COMMENTER, Role.EDITOR, Role.STORE_MANAGER]) {
        const denied = await kit.call('PATCH', `${base()}/comments/${id}`, owner([role]), { status: 'approved' });
        expect(denied.statusCode).toBe(403);
        expect(denied.json().error.message).toBe(IdentityMessages.forbidden);
      }
      expect((await kit.call('GET', `${base()}/comments`, owner([Role.COMMENTER]))).statusCode).toBe(403);
      expect(await thread(post.id)).toEqual([]);
      // The commenter role answers as the site: published at once.
      const reply = await kit.call('POST', `${base()}/items/${post.id}/comments`, owner([Role.COMMENTER]), { body: 'Answer.' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().message).toBe(CommentMessages.published);
      expect(await thread(post.id)).toEqual([expect.objectContaining({ body: 'Answer.', fromSite: true })]);
      expect((await item(post.id)).publicCommentCount).toBe(1);
      expect((await kit.call('POST', `${base()}/items/${post.id}/comments`, owner([Role.EDITOR]), { body: 'x' })).statusCode).toBe(403);
    });

    it('limits how fast one address comments (429 with its message)', async () => {
      const post = await newPost(blog.id, { commentState: 1 });
      const caller = visitor();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await postComment(post.id, { body: `Comment ${i}`, authorName: 'Cy', captchaKey: await captchaKey(caller) }, caller)).statusCode,
        );
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const over = await postComment(post.id, { body: 'Again', authorName: 'Cy', captchaKey: await captchaKey(caller) }, caller);
      expect(over.json().error.message).toBe(CommentMessages.rateLimited);
      // Another address is not held back.
      expect((await postComment(post.id, { body: 'Other', authorName: 'Di', captchaKey: await captchaKey() })).statusCode).toBe(201);
    });

    it('counts right when twenty comments are approved at once, and an owner edit keeps the counts', async () => {
      const post = await newPost(blog.id, { commentState: 1 });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const posted = await postComment(post.id, { body: `Comment ${i}`, authorName: 'Eve', captchaKey: await captchaKey() });
        ids.push(posted.json().comment.id as string);
      }
      const answers = await Promise.all(
        ids.map((id) => kit.call('PATCH', `${base()}/comments/${id}`, owner([Role.MODERATOR]), { status: 'approved' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
      expect((await item(post.id)).publicCommentCount).toBe(20);
      // Half hidden and a quarter deleted at once: 20 - 5 - 5 = 10 left.
      await Promise.all([
        ...ids.slice(0, 5).map((id) => kit.call('PATCH', `${base()}/comments/${id}`, owner([Role.MODERATOR]), { status: 'hidden' })),
        ...ids.slice(5, 10).map((id) => kit.call('DELETE', `${base()}/comments/${id}`, owner([Role.MODERATOR]))),
      ]);
      expect((await item(post.id)).publicCommentCount).toBe(10);
      const replaced = await kit.call('PUT', `${base()}/items/${post.id}`, owner(), {
        recordType: RecordType.TEXT,
        title: 'Renamed',
        commentState: 1,
        publicCommentCount: 0,
        likeCount: 99,
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ title: 'Renamed', publicCommentCount: 10, likeCount: 0 });
    });

    describe('replies', () => {
      const moderator = () => owner([Role.MODERATOR]);
      const moderate = (id: string, status: 'approved' | 'hidden') =>
        kit.call('PATCH', `${base()}/comments/${id}`, moderator(), { status });
      const replyTree = async (itemId: string) =>
        (await kit.call('GET', `${PUBLIC}/items/${itemId}/comments`, visitor()))
          .json<{ items: Array<{ body: string; parentId: string | null }> }>()
          .items.map((c) => [c.body, c.parentId]);

      /** A post with one approved comment; answers both. */
      async function commented(): Promise<{ post: { id: string }; parent: string }> {
        const post = await newPost(blog.id, { commentState: 1 });
        const posted = await postComment(post.id, { body: 'Which clay?', authorName: 'Ada', captchaKey: await captchaKey() });
        const parent = posted.json().comment.id as string;
        expect((await moderate(parent, 'approved')).statusCode).toBe(200);
        return { post, parent };
      }

      it('holds a visitor reply for moderation, shows it under its comment once approved, and counts it', async () => {
        const { post, parent } = await commented();
        const reply = await postComment(post.id, {
          body: 'Stoneware.',
          authorName: 'Bo',
          parentId: parent,
          captchaKey: await captchaKey(),
        });
        expect(reply.statusCode).toBe(201);
        expect(reply.json()).toMatchObject({ message: CommentMessages.awaitingApproval, comment: { status: 'pending', parentId: parent } });
        expect(await replyTree(post.id)).toEqual([['Which clay?', null]]);
        expect((await item(post.id)).publicCommentCount).toBe(1);
        const queued = (await kit.call('GET', `${base()}/comments?status=pending&itemId=${post.id}`, moderator())).json().items;
        expect(queued).toEqual([expect.objectContaining({ id: reply.json().comment.id, parentId: parent })]);

        expect((await moderate(reply.json().comment.id, 'approved')).statusCode).toBe(200);
        expect(await replyTree(post.id)).toEqual([
          ['Which clay?', null],
          ['Stoneware.', parent],
        ]);
        expect((await item(post.id)).publicCommentCount).toBe(2);
        // The site answers at once.
        const answer = await kit.call('POST', `${base()}/items/${post.id}/comments`, owner([Role.COMMENTER]), {
          body: 'Our house stoneware.',
          parentId: parent,
        });
        expect(answer.json()).toMatchObject({
          message: CommentMessages.published,
          comment: { status: 'approved', parentId: parent, fromSite: true },
        });
        expect((await item(post.id)).publicCommentCount).toBe(3);
      });

      it('hides the replies with their comment and counts them again when it is approved again; deleting it deletes them', async () => {
        const { post, parent } = await commented();
        const reply = await postComment(post.id, { body: 'Me too', authorName: 'Cy', parentId: parent, captchaKey: await captchaKey() });
        await moderate(reply.json().comment.id, 'approved');
        expect((await item(post.id)).publicCommentCount).toBe(2);
        await moderate(parent, 'hidden');
        expect(await replyTree(post.id)).toEqual([]);
        expect((await item(post.id)).publicCommentCount).toBe(0);
        await moderate(parent, 'approved');
        expect((await item(post.id)).publicCommentCount).toBe(2);
        expect((await kit.call('DELETE', `${base()}/comments/${parent}`, moderator())).statusCode).toBe(204);
        expect(await replyTree(post.id)).toEqual([]);
        expect((await item(post.id)).publicCommentCount).toBe(0);
        expect(await kit.ctx.db.selectFrom('comments').select('id').where('item_id', '=', post.id).execute()).toEqual([]);
        const last = (await kit.events(site, 'content.comments.changed'))
          .map((e) => e.data as { itemId: string; publicCommentCount: number })
          .filter((d) => d.itemId === post.id)
          .at(-1);
        expect(last?.publicCommentCount).toBe(0);
      });

      it('refuses a reply to a reply, to a comment not shown, or to a comment of another post, and stores nothing', async () => {
        const { post, parent } = await commented();
        const reply = await postComment(post.id, {
          body: 'First reply',
          authorName: 'Di',
          parentId: parent,
          captchaKey: await captchaKey(),
        });
        await moderate(reply.json().comment.id, 'approved');
        const before = (await kit.ctx.db.selectFrom('comments').select('id').where('item_id', '=', post.id).execute()).length;

        const deeper = await postComment(post.id, {
          body: 'Nested',
          authorName: 'Di',
          parentId: reply.json().comment.id,
          captchaKey: await captchaKey(),
        });
        expect(deeper.statusCode).toBe(400);
        expect(deeper.json().error).toMatchObject({
          message: CommentMessages.replyToReply,
          fields: { parentId: CommentMessages.replyToReply },
        });
        const deeperBySite = await kit.call('POST', `${base()}/items/${post.id}/comments`, owner([Role.COMMENTER]), {
          body: 'Nested',
          parentId: reply.json().comment.id,
        });
        expect(deeperBySite.json().error.message).toBe(CommentMessages.replyToReply);

        const pending = await postComment(post.id, { body: 'Not yet shown', authorName: 'Ed', captchaKey: await captchaKey() });
        const toPending = await postComment(post.id, {
          body: 'Reply',
          authorName: 'Di',
          parentId: pending.json().comment.id,
          captchaKey: await captchaKey(),
        });
        expect([toPending.statusCode, toPending.json().error.message]).toEqual([400, CommentMessages.replyParentMissing]);
        const other = await commented();
        const elsewhere = await postComment(post.id, {
          body: 'Reply',
          authorName: 'Di',
          parentId: other.parent,
          captchaKey: await captchaKey(),
        });
        expect(elsewhere.json().error.message).toBe(CommentMessages.replyParentMissing);
        const unknown = await postComment(post.id, {
          body: 'Reply',
          authorName: 'Di',
          parentId: 'no-such-comment',
          captchaKey: await captchaKey(),
        });
        expect(unknown.json().error.message).toBe(CommentMessages.replyParentMissing);
        expect((await postComment(post.id, { body: 'Reply', authorName: 'Di', parentId: 'bad id!' })).statusCode).toBe(400);
        // Only the pending comment above was stored.
        expect((await kit.ctx.db.selectFrom('comments').select('id').where('item_id', '=', post.id).execute()).length).toBe(before + 1);
        expect((await item(post.id)).publicCommentCount).toBe(2);
      });
    });
  });

  describe('likes', () => {
    let post: { id: string };
    beforeAll(async () => {
      const blog = await collection({ type: 1, kind: 'blog', title: unique('Likes') });
      post = await newPost(blog.id);
    });
    const like = (method: 'POST' | 'DELETE' | 'GET', caller: Caller) => kit.call(method, `${PUBLIC}/items/${post.id}/like`, caller);
    const cookieOf = (response: { headers: Record<string, string | string[] | number | undefined> }): string => {
      const raw = response.headers['set-cookie'];
      const header = Array.isArray(raw) ? raw.join('\n') : String(raw ?? '');
      const value = new RegExp(`${LIKE_VISITOR_COOKIE}=([^;]+)`).exec(header)?.[1];
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
      return value ?? '';
    };

    it('counts one like per visitor: the cookie, or the signed-in site user', async () => {
      expect((await like('GET', visitor())).json()).toEqual({ itemId: post.id, likeCount: 0, liked: false });
      const first = await like('POST', visitor());
      expect(first.json()).toEqual({ itemId: post.id, likeCount: 1, liked: true });
      const cookie = cookieOf(first);
      const same = visitor({ headers: { cookie: `${LIKE_VISITOR_COOKIE}=${cookie}` } });
      expect((await like('POST', same)).json()).toMatchObject({ likeCount: 1, liked: true });
      expect((await like('GET', same)).json()).toMatchObject({ likeCount: 1, liked: true });
      const user = visitor({ siteUserId: 'liker-1' });
      expect((await like('POST', user)).json()).toMatchObject({ likeCount: 2, liked: true });
      expect((await like('POST', user)).json()).toMatchObject({ likeCount: 2, liked: true });
      expect((await like('DELETE', same)).json()).toMatchObject({ likeCount: 1, liked: false });
      expect((await like('DELETE', same)).json()).toMatchObject({ likeCount: 1, liked: false });
      expect((await item(post.id)).likeCount).toBe(1);
      expect((await kit.call('POST', `${PUBLIC}/items/nope/like`, visitor())).statusCode).toBe(404);
    });

    it('loses no like when thirty visitors like at once, and counts a repeat once', async () => {
      const before = (await item(post.id)).likeCount;
      const users = Array.from({ length: 30 }, (_, i) => visitor({ siteUserId: unique(`fan${i}`) }));
      await Promise.all([...users, users[0]!, users[1]!].map((u) => like('POST', u)));
      expect((await item(post.id)).likeCount).toBe(before + 30);
      const rows = await kit.ctx.db.selectFrom('item_likes').select('liker').where('item_id', '=', post.id).execute();
      expect(rows).toHaveLength(before + 30);
    });
  });

  describe('member areas and lessons', () => {
    let course: { id: string; urlId: string };
    let lesson: { id: string; urlId: string };
    let openPage: { id: string; urlId: string };
    let plan: { id: string };
    let areaId: string;

    beforeAll(async () => {
      course = await collection({ type: 25, title: unique('Glazing course') });
      openPage = await collection({ type: 10, title: unique('About') });
      const made = await kit.call('POST', `${base()}/collections/${course.id}/items`, owner(), {
        recordType: RecordType.LESSON,
        title: 'Lesson one: wax resist',
        body: '<p>Members only text about wax resist.</p>',
        videoUrl: 'https://www.youtube.com/watch?v=abc123',
        durationSeconds: 600,
      });
      expect(made.statusCode).toBe(201);
      lesson = made.json();
      const store = await kit.call('POST', `/api/content-service/product/1.1/websites/${site}/products`, owner(), {
        navigationTitle: 'Shop',
        title: 'Shop',
        urlId: 'course-shop',
        enabled: true,
      });
      const product = await kit.call(
        'POST',
        `/api/content-service/product/1.1/websites/${site}/products/${store.json().id}/items`,
        owner(),
        {
          recordType: RecordType.STORE_ITEM,
          title: 'Course pass',
          structuredContent: { productType: 5, variants: [{ sku: unique('PASS'), priceMoney: { value: '4900', currency: 'USD' } }] },
        },
      );
      expect(product.statusCode).toBe(201);
      plan = product.json();
    });

    it('keeps lessons in lesson and course collections, with their video', async () => {
      expect(lesson).toMatchObject({
        recordType: RecordType.LESSON,
        videoUrl: 'https://www.youtube.com/watch?v=abc123',
        durationSeconds: 600,
      });
      const text = await kit.call('POST', `${base()}/collections/${course.id}/items`, owner(), {
        recordType: RecordType.TEXT,
        title: 'Not a lesson',
      });
      expect(text.statusCode).toBe(400);
      const lessons = await collection({ type: 24, title: unique('Lessons') });
      expect(
        (await kit.call('POST', `${base()}/collections/${lessons.id}/items`, owner(), { recordType: RecordType.LESSON, title: 'L' }))
          .statusCode,
      ).toBe(201);
    });

    it('checks an area: paid needs products as plans, pages must exist, a page is in one area', async () => {
      const noPlan = await kit.call('POST', `${base()}/member-areas`, owner(), {
        title: 'Paid',
        access: 'paid',
        collectionIds: [course.id],
      });
      expect(noPlan.statusCode).toBe(400);
      expect(noPlan.json().error.message).toBe(MemberAreaMessages.planMustBeProduct);
      const notProduct = await kit.call('POST', `${base()}/member-areas`, owner(), {
        title: 'Paid',
        access: 'paid',
        planProductIds: [lesson.id],
        collectionIds: [course.id],
      });
      expect(notProduct.json().error.message).toBe(MemberAreaMessages.planMustBeProduct);
      const missing = await kit.call('POST', `${base()}/member-areas`, owner(), { title: 'Free', collectionIds: ['nope'] });
      expect(missing.json().error.message).toBe('The page nope does not exist on this website.');
      expect((await kit.call('POST', `${base()}/member-areas`, owner([Role.VIEWER]), { title: 'Free' })).statusCode).toBe(403);
      expect((await kit.call('GET', `${base()}/member-areas`, owner())).json().memberAreas).toEqual([]);
    });

    it('answers a gated course 403 with the area to visitors, and in full to members and owners', async () => {
      const created = await kit.call('POST', `${base()}/member-areas`, owner(), {
        title: 'Studio members',
        description: 'Lessons for members.',
        access: 'paid',
        planProductIds: [plan.id],
        collectionIds: [course.id],
        deniedMessage: 'Become a member to watch the lessons.',
      });
      expect(created.statusCode).toBe(201);
      areaId = created.json().id;
      const twice = await kit.call('POST', `${base()}/member-areas`, owner(), { title: 'Other', collectionIds: [course.id] });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(MemberAreaMessages.collectionInOtherArea);

      const reads = [
        `${PUBLIC}/resolve?path=${encodeURIComponent(`/${course.urlId}`)}`,
        `${PUBLIC}/resolve?path=${encodeURIComponent(`/${course.urlId}/${lesson.urlId}`)}`,
        `${PUBLIC}/collections/${course.id}`,
        `${PUBLIC}/collections/${course.id}/items`,
        `${PUBLIC}/items/${lesson.id}`,
        `${PUBLIC}/items/${lesson.id}/comments`,
        `${PUBLIC}/items/${lesson.id}/like`,
      ];
      for (const url of reads) {
        for (const caller of [visitor(), visitor({ siteUserId: 'not-a-member' })]) {
          const denied = await kit.call('GET', url, caller);
          expect(denied.statusCode).toBe(403);
          const body = denied.json<{ error: { message: string }; memberArea: MemberAreaSummary }>();
          expect(body.error.message).toBe('Become a member to watch the lessons.');
          expect(body.memberArea).toMatchObject({
            id: areaId,
            title: 'Studio members',
            access: 'paid',
            hasAccess: false,
            plans: [{ productId: plan.id, title: 'Course pass' }],
          });
          expect(JSON.stringify(body)).not.toContain('wax resist');
        }
      }
      // Pages outside the area stay open; search leaves the gated lesson out.
      expect((await kit.call('GET', `${PUBLIC}/resolve?path=/${openPage.urlId}`, visitor())).statusCode).toBe(200);
      // Owners see everything; a hand-given grant opens it to that site user only.
      expect((await kit.call('GET', `${PUBLIC}/items/${lesson.id}`, owner([Role.EDITOR]))).statusCode).toBe(200);
      expect((await kit.call('POST', `${base()}/member-areas/${areaId}/members`, owner(), { siteUserId: 'granted-user' })).statusCode).toBe(
        200,
      );
      const member = await kit.call(
        'GET',
        `${PUBLIC}/resolve?path=${encodeURIComponent(`/${course.urlId}/${lesson.urlId}`)}`,
        visitor({ siteUserId: 'granted-user' }),
      );
      expect(member.statusCode).toBe(200);
      expect(member.json().item.body).toContain('wax resist');
      expect((await kit.call('GET', `${PUBLIC}/member-areas/${areaId}`, visitor({ siteUserId: 'granted-user' }))).json()).toMatchObject({
        hasAccess: true,
        signedIn: true,
      });
      expect((await kit.events(site, 'content.member-access.changed')).map((e) => e.data)).toContainEqual({
        memberAreaId: areaId,
        siteUserId: 'granted-user',
        granted: true,
        source: 'owner',
      });
    });

    it('grants a paid area to the site user whose order holds a plan (commerce.order.placed)', async () => {
      const buyer = unique('buyer');
      const path = `${PUBLIC}/resolve?path=${encodeURIComponent(`/${course.urlId}`)}`;
      expect((await kit.call('GET', path, visitor({ siteUserId: buyer }))).statusCode).toBe(403);
      const money = { value: '4900', currency: 'USD' };
      const order = (id: string, siteUserId: string | null, itemId: string): EventEnvelope => ({
        id: randomUUID(),
        type: 'commerce.order.placed',
        websiteId: site,
        occurredAt: new Date().toISOString(),
        data: {
          id,
          kind: 'order',
          purchasedCartId: null,
          testMode: false,
          websiteId: site,
          items: [{ sku: 'PASS', productName: 'Course pass', quantity: 1, unitPrice: money, itemId }],
          grandTotal: money,
          shippingTotal: { value: '0', currency: 'USD' },
          taxTotal: { value: '0', currency: 'USD' },
          siteUserId,
        },
      });
      // A guest's order and an order of another product grant nothing.
      await kit.ctx.bus.publish(order('o-guest', null, plan.id));
      await kit.ctx.bus.publish(order('o-other', buyer, lesson.id));
      const event = order('o-1', buyer, plan.id);
      await kit.ctx.bus.publish(event);
      await waitFor(
        async () => (await kit.call('GET', path, visitor({ siteUserId: buyer }))).statusCode === 200,
        15_000,
        'the order grant',
      );
      const grants = (await kit.call('GET', `${base()}/member-areas/${areaId}/members`, owner())).json().members as Array<{
        siteUserId: string;
        source: string;
        orderId: string | null;
      }>;
      expect(grants).toContainEqual(expect.objectContaining({ siteUserId: buyer, source: 'order', orderId: 'o-1' }));
      expect(grants.filter((g) => g.source === 'order')).toHaveLength(1);
      // Revoked by the owner: shut again.
      expect((await kit.call('DELETE', `${base()}/member-areas/${areaId}/members/${buyer}`, owner())).statusCode).toBe(204);
      expect((await kit.call('GET', path, visitor({ siteUserId: buyer }))).statusCode).toBe(403);
    });

    it('opens a free area to every signed-in site user', async () => {
      const page = await collection({ type: 10, title: unique('Members lounge') });
      const free = await kit.call('POST', `${base()}/member-areas`, owner(), { title: 'Lounge', collectionIds: [page.id] });
      expect(free.statusCode).toBe(201);
      const path = `${PUBLIC}/resolve?path=/${page.urlId}`;
      const denied = await kit.call('GET', path, visitor());
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(MemberAreaMessages.accessDenied);
      expect(denied.json().memberArea).toMatchObject({
        access: 'free',
        signedIn: false,
        pages: [{ collectionId: page.id, fullUrl: `/${page.urlId}` }],
      });
      expect((await kit.call('GET', path, visitor({ siteUserId: unique('anyone') }))).statusCode).toBe(200);
      // Search leaves gated pages out for those without access.
      const found = async (caller: Caller) =>
        (await kit.call('GET', `${PUBLIC}/search?q=lounge`, caller))
          .json<{ results: Array<{ collectionId: string }> }>()
          .results.map((r) => r.collectionId);
      expect(await found(visitor())).not.toContain(page.id);
      expect(await found(visitor({ siteUserId: unique('anyone') }))).toContain(page.id);
      // Deleting the area opens the page.
      expect((await kit.call('DELETE', `${base()}/member-areas/${free.json().id}`, owner())).statusCode).toBe(204);
      expect((await kit.call('GET', path, visitor())).statusCode).toBe(200);
    });
  });

  describe('popup overlay', () => {
    it('is off until saved; each save is a new version; visitors get it while enabled', async () => {
      expect((await kit.call('GET', `${PUBLIC}/popup-overlay`, visitor())).json()).toEqual({ popup: null });
      const body = {
        enabled: true,
        kind: 'newsletter',
        title: 'Studio letters',
        body: 'Once a month.',
        buttonText: 'Sign up',
        buttonUrl: null,
        formId: 'newsletter-form',
        delaySeconds: 3,
        hideForDays: 30,
        pages: 'all',
      };
      const first = await kit.call('PUT', `${base()}/popup-overlay`, owner(), body);
      expect(first.statusCode).toBe(200);
      expect(first.json().version).toBe(1);
      const second = await kit.call('PUT', `${base()}/popup-overlay`, owner(), { ...body, title: 'Winter letters' });
      expect(second.json()).toMatchObject({ version: 2, title: 'Winter letters' });
      expect((await kit.call('GET', `${PUBLIC}/popup-overlay`, visitor())).json().popup).toMatchObject({
        version: 2,
        kind: 'newsletter',
        formId: 'newsletter-form',
      });
      const noForm = await kit.call('PUT', `${base()}/popup-overlay`, owner(), { ...body, formId: null });
      expect(noForm.statusCode).toBe(400);
      expect((await kit.call('PUT', `${base()}/popup-overlay`, owner([Role.VIEWER]), body)).statusCode).toBe(403);
      await kit.call('PUT', `${base()}/popup-overlay`, owner(), { ...body, enabled: false });
      expect((await kit.call('GET', `${PUBLIC}/popup-overlay`, visitor())).json()).toEqual({ popup: null });
      expect((await kit.events(site, 'content.popup-overlay.updated')).map((e) => (e.data as { version: number }).version)).toEqual([
        1, 2, 3,
      ]);
    });
  });
});
