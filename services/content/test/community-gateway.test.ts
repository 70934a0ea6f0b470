// Comments, likes and member areas through the real gateway and identity service, as a browser
// uses them: the crumb on every write, the like cookie coming back through the gateway, a site
// user's session (sign-up, the XSRF header on writes) opening a member area, and the gateway's
// identity header being what content trusts (a client's own is ignored).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { CommentMessages, IdentityMessages, LIKE_VISITOR_COOKIE, powToken, RecordType, Role, type CaptchaChallenge } from '@sc/contracts';
import { Captcha, PowCaptcha, signIdentity, solve, type ServiceContext } from '@sc/platform';
import { mode, testConfig, unique } from '@sc/platform/test-kit';
import {
  Browser,
  signUpAndConfirm,
  startGateway,
  startIdentity,
  TEST_IDENTITY_SIGNING_KEY,
  type RunningIdentity,
} from '../../identity/test/kit.js';
import { buildApp } from '../src/app.js';
import type { ContentDB } from '../src/tables.js';
import { WebsiteService } from '../src/websites/websites.service.js';

const PUBLIC = '/api/content-service/public/1.0';

describe(`comments, likes and member areas through the gateway (${mode.database})`, () => {
  let content: FastifyInstance;
  let identity: RunningIdentity;
  let gateway: FastifyInstance;
  let site: string;
  let host: string;
  let post: { id: string };
  let lesson: { id: string; urlId: string };
  let courseUrl: string;

  /** A request to content as the gateway sends an owner's (moderation happens in the admin app). */
  function asOwner(method: 'POST' | 'PATCH', url: string, body: unknown, roles: number[] = [Role.ADMIN]) {
    const requestId = unique('req');
    const headers = {
      'x-website-id': site,
      'x-request-id': requestId,
      ...signIdentity(
        { v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: 'owner-1', roles: roles as never },
        TEST_IDENTITY_SIGNING_KEY,
      ),
    };
    return content.inject({ method, url, headers, payload: body as never });
  }

  beforeAll(async () => {
    content = await buildApp({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY }),
      captcha: (db) => new Captcha(new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 })),
      memberOrders: false,
    });
    const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
    identity = await startIdentity();
    gateway = await startGateway({ CONTENT_URL: contentUrl, IDENTITY_URL: identity.url });
    site = unique('gwc');
    host = `${site.replaceAll('_', '-')}.community.example`;
    await new WebsiteService(content.serviceContext as ServiceContext<ContentDB>).create({
      id: site,
      title: 'Community',
      templateId: 'harbour',
      domains: [host],
    });
    const base = `/api/content-service/1.0/websites/${site}`;
    const blog = await asOwner('POST', `${base}/collections`, { type: 1, title: 'Blog' });
    post = (
      await asOwner('POST', `${base}/collections/${blog.json().id}/items`, {
        recordType: RecordType.TEXT,
        title: 'Open thread',
        commentState: 1,
      })
    ).json();
    const course = (await asOwner('POST', `${base}/collections`, { type: 25, title: 'Course' })).json<{ id: string; urlId: string }>();
    courseUrl = `/${course.urlId}`;
    lesson = (
      await asOwner('POST', `${base}/collections/${course.id}/items`, {
        recordType: RecordType.LESSON,
        title: 'Lesson one',
        body: '<p>Only for members</p>',
      })
    ).json();
    expect((await asOwner('POST', `${base}/member-areas`, { title: 'Members', collectionIds: [course.id] })).statusCode).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await identity?.close();
    await content?.close();
  });

  const browser = () => new Browser(gateway.server, { host });

  it('posts a visitor comment with the crumb and a solved captcha; it shows once a moderator approves it', async () => {
    const b = browser();
    await b.open();
    // Without the crumb header the gateway refuses the write.
    expect(
      (await b.send('post', `${PUBLIC}/items/${post.id}/comments`, { body: { body: 'Hi', authorName: 'Ada' }, crumb: false })).status,
    ).toBe(401);
    const challenge = (await b.send('post', `${PUBLIC}/comments/captcha/challenge`)).body as CaptchaChallenge;
    const posted = await b.send('post', `${PUBLIC}/items/${post.id}/comments`, {
      body: { body: 'Through the gateway', authorName: 'Ada', captchaKey: powToken(challenge.challengeId, solve(challenge)) },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe(CommentMessages.awaitingApproval);
    expect((await b.send('get', `${PUBLIC}/items/${post.id}/comments`)).body.items).toEqual([]);
    // A client cannot make itself a moderator with its own identity header: the gateway replaces it.
    const forged = signIdentity(
      { v: 1, kind: 'owner', websiteId: site, requestId: 'x', issuedAt: Date.now(), ownerId: 'me', roles: [Role.ADMIN] },
      'not-the-key',
    );
    const denied = await b.send('get', `/api/content-service/1.0/websites/${site}/comments?status=pending`, { headers: forged });
    expect(denied.status).toBe(401);
    expect(denied.body.error.message).toBe(IdentityMessages.signInRequired);
    expect(
      (
        await asOwner('PATCH', `/api/content-service/1.0/websites/${site}/comments/${posted.body.comment.id}`, { status: 'approved' }, [
          Role.MODERATOR,
        ])
      ).statusCode,
    ).toBe(200);
    const thread = (await b.send('get', `${PUBLIC}/items/${post.id}/comments`)).body.items as Array<{ body: string }>;
    expect(thread.map((c) => c.body)).toEqual(['Through the gateway']);
  });

  it('likes once per browser: the like cookie comes back through the gateway', async () => {
    const b = browser();
    await b.open();
    const first = await b.send('post', `${PUBLIC}/items/${post.id}/like`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ itemId: post.id, likeCount: 1, liked: true });
    expect(b.cookies.get(LIKE_VISITOR_COOKIE)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await b.send('post', `${PUBLIC}/items/${post.id}/like`)).body).toMatchObject({ likeCount: 1, liked: true });
    const other = browser();
    await other.open();
    expect((await other.send('post', `${PUBLIC}/items/${post.id}/like`)).body).toMatchObject({ likeCount: 2, liked: true });
    expect((await b.send('get', `${PUBLIC}/items/${post.id}/like`)).body).toMatchObject({ likeCount: 2, liked: true });
  });

  it('keeps a member area shut to visitors and opens it to a signed-up site user', async () => {
    const b = browser();
    await b.open();
    const resolve = () => b.send('get', `${PUBLIC}/resolve?path=${encodeURIComponent(`${courseUrl}/${lesson.urlId}`)}`);
    const shut = await resolve();
    expect(shut.status).toBe(403);
    expect(shut.body.memberArea).toMatchObject({ title: 'Members', access: 'free', signedIn: false, hasAccess: false });
    expect(JSON.stringify(shut.body)).not.toContain('Only for members');
    // Sign-up and the mailed link that makes the account (the browser keeps its XSRF token).
    const signUp = await signUpAndConfirm(identity.app, b, 'site-user', {
      email: `${unique('member')}@example.com`,
      password: 'correct horse battery',
      name: 'Mia',
    });
    expect(signUp.status).toBe(201);
    const open = await resolve();
    expect(open.status).toBe(200);
    expect(open.body.item.body).toContain('Only for members');
    // Signed in, the site user's like is theirs (the XSRF header goes with the write).
    expect((await b.send('post', `${PUBLIC}/items/${lesson.id}/like`)).body).toMatchObject({ likeCount: 1, liked: true });
    expect((await b.send('post', `${PUBLIC}/items/${lesson.id}/like`, { xsrf: false })).status).toBe(403);
  });
});
