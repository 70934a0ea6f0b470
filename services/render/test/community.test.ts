// The visitor features of issue 11 on rendered pages, from the real content service: the comment
// area with approved comments (and the page rendered again when one is approved), the like button,
// member areas (the access-denied page, type 106, to visitors; the page to members; never one
// cached for the other), lessons with their video and the SPEC 2 tracking rule, the popup overlay,
// and SPEC 4 experiment overrides under site status INTERNAL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { EXPERIMENT_COOKIE, GenericErrorMessages, PageType, powToken, RecordType, type CaptchaChallenge } from '@sc/contracts';
import { solve } from '@sc/platform';
import { asFromGateway, unique, waitFor } from '@sc/platform/test-kit';
import { ownerCall, page, signedIn, SIGNING_KEY, startContent, startRender, type ContentKit, DEMO_START_TIMEOUT_MS } from './kit.js';

const PUBLIC = '/api/content-service/public/1.0';

/** The JSON of an island's data tag in a page. */
function islandData(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as unknown) : undefined;
}

describe('comments, likes, member areas, lessons, popup and experiments on pages', () => {
  let content: ContentKit;
  let render: FastifyInstance;
  let site: string;
  const base = () => `/api/content-service/1.0/websites/${site}`;
  const owner = (method: 'PUT' | 'POST' | 'DELETE' | 'PATCH', url: string, body?: unknown) => ownerCall(content, method, url, site, body);
  const get = (url: string, headers: Record<string, string> = {}) => page(render, url, site, headers);

  beforeAll(async () => {
    content = await startContent();
    render = await startRender(content);
    site = unique('csite');
    await content.parts.websites.create({
      id: site,
      title: 'Clay Club',
      templateId: 'harbour',
      domains: [`${site.replaceAll('_', '-')}.render.example`],
    });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await render?.close();
    await content?.close();
  });

  async function collection(body: Record<string, unknown>): Promise<{ id: string; urlId: string }> {
    const response = await owner('POST', `${base()}/collections`, body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function item(collectionId: string, body: Record<string, unknown>): Promise<{ id: string; urlId: string; fullUrl: string }> {
    const response = await owner('POST', `${base()}/collections/${collectionId}/items`, body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** A visitor's comment, as the comment island posts it (solved captcha included). */
  async function visitorComment(itemId: string, text: string): Promise<string> {
    const challenge = await content.app.inject({
      method: 'POST',
      url: `${PUBLIC}/comments/captcha/challenge`,
      headers: asFromGateway({ 'x-website-id': site }, SIGNING_KEY),
    });
    // Checked before solving: a refusal has no difficulty, and solving it would never end.
    expect(challenge.statusCode).toBe(200);
    const solved = challenge.json<CaptchaChallenge>();
    const key = powToken(solved.challengeId, solve(solved));
    const posted = await content.app.inject({
      method: 'POST',
      url: `${PUBLIC}/items/${itemId}/comments`,
      headers: asFromGateway({ 'x-website-id': site }, SIGNING_KEY),
      payload: { body: text, authorName: 'Ada', captchaKey: key },
    });
    expect(posted.statusCode).toBe(201);
    return posted.json().comment.id as string;
  }

  describe('blog comments and likes', () => {
    let post: { id: string; urlId: string; fullUrl: string };
    let blogUrl: string;

    beforeAll(async () => {
      const blog = await collection({ type: 1, kind: 'blog', title: 'Notes' });
      blogUrl = `/${blog.urlId}`;
      post = await item(blog.id, { recordType: RecordType.TEXT, title: 'Firing day', body: '<p>Kiln at 1240°C.</p>', commentState: 1 });
    });

    it('shows the comment area with the form mount, then an approved comment (the page rendered again)', async () => {
      const before = await get(post.fullUrl);
      expect(before.statusCode).toBe(200);
      expect(before.body).toContain('<h2 class="comments-title">No Comments</h2>');
      expect(before.body).toContain('data-island="comments"');
      expect(islandData(before.body, 'comments-data')).toEqual({
        itemId: post.id,
        postPath: `${PUBLIC}/items/${post.id}/comments`,
        challengePath: `${PUBLIC}/comments/captcha/challenge`,
        captchaSiteKey: null,
      });
      // The events of making the post have all arrived once the page stays cached.
      await waitFor(
        async () =>
          (await get(post.fullUrl)).headers['x-render-cache'] === 'hit' && (await get(post.fullUrl)).headers['x-render-cache'] === 'hit',
        20_000,
        'a settled page',
      );
      const id = await visitorComment(post.id, 'When is the next <b>firing</b>?');
      // Pending: nothing public changed, the page is still the cached one.
      expect((await get(post.fullUrl)).headers['x-render-cache']).toBe('hit');
      expect((await owner('PATCH', `${base()}/comments/${id}`, { status: 'approved' })).statusCode).toBe(200);
      const after = await waitFor(
        async () => {
          const response = await get(post.fullUrl);
          return response.body.includes('class="comment-list"') ? response.body : undefined;
        },
        20_000,
        'the page with the approved comment',
      );
      expect(after).toContain('<h2 class="comments-title">1 Comment</h2>');
      expect(after).toContain('<span class="comment-author">Ada</span>');
      expect(after).toContain('When is the next &lt;b&gt;firing&lt;/b&gt;?');
      // The list page's comment link counts it.
      const list = await get(blogUrl);
      expect(list.body).toContain(
        `<a href="${post.fullUrl}#comments-${post.id}" class="sqs-comment-link" data-id="${post.id}">1 Comment</a>`,
      );
    });

    it('shows no comment area where comments are off, and none anywhere when the site turns them off', async () => {
      const blog = await collection({ type: 1, kind: 'blog', title: 'Quiet' });
      const quiet = await item(blog.id, { recordType: RecordType.TEXT, title: 'No comments here', commentState: 0 });
      const html = (await get(quiet.fullUrl)).body;
      expect(html).not.toContain('squarespace-comments');
      expect(islandData(html, 'comments-data')).toBeUndefined();
      expect((await owner('PUT', `${base()}/settings`, { commentsEnabled: false })).statusCode).toBe(200);
      const off = await waitFor(
        async () => {
          const response = await get(post.fullUrl);
          return response.body.includes('squarespace-comments') ? undefined : response.body;
        },
        20_000,
        'comments switched off',
      );
      expect(off).not.toContain('comment-list');
      expect((await owner('PUT', `${base()}/settings`, { commentsEnabled: true })).statusCode).toBe(200);
    });

    it('renders the like button with its count and the like island', async () => {
      const html = (await get(post.fullUrl)).body;
      expect(html).toContain(`<span class="sqs-simple-like" data-item-id="${post.id}" data-like-count="0" data-island="like-button">`);
      expect(islandData(html, 'like-button-data')).toEqual({ itemIds: [post.id], statePath: `${PUBLIC}/items/{itemId}/like` });
    });
  });

  describe('member areas and lessons', () => {
    let course: { id: string; urlId: string };
    let lesson: { id: string; urlId: string; fullUrl: string };
    let areaId: string;

    beforeAll(async () => {
      course = await collection({ type: 25, title: 'Throwing course' });
      lesson = await item(course.id, {
        recordType: RecordType.LESSON,
        title: 'Centering',
        body: '<p>Secret centering tips.</p>',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        durationSeconds: 720,
        commentState: 1,
      });
      const created = await owner('POST', `${base()}/member-areas`, {
        title: 'Club members',
        description: 'Courses for members.',
        collectionIds: [course.id],
      });
      expect(created.statusCode).toBe(201);
      areaId = created.json().id;
    });

    it('gives visitors the access-denied page (type 106, 403) with the way in, and nothing of the lesson', async () => {
      for (const path of [`/${course.urlId}`, lesson.fullUrl]) {
        const response = await get(path);
        expect(response.statusCode).toBe(403);
        expect(response.body).toContain(`data-page-type="${PageType.MEMBER_AREA_ACCESS_DENIED}"`);
        expect(response.body).toContain('<p class="eyebrow">Club members</p>');
        expect(response.body).toContain('<h1>This content is for members only.</h1>');
        expect(response.body).toContain('data-island-link="account" data-cta="sign-in">Sign in</a>');
        expect(response.body).not.toContain('Secret centering');
        expect(islandData(response.body, 'member-access-data')).toEqual({ memberAreaId: areaId, access: 'free', signedIn: false });
        // SPEC 2: no lesson tracking while the video paywall flag is off.
        expect(islandData(response.body, 'lesson-tracking-data')).toBeUndefined();
      }
    });

    it('shows members the course and the lesson with its video; a visitor after them still gets the denied page', async () => {
      const member = signedIn(site, { siteUserId: unique('member') });
      const list = await get(`/${course.urlId}`, member);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      expect(list.body).toContain('<span class="lesson-number">Lesson 1</span>');
      expect(list.body).toContain('<span class="lesson-duration">12 min</span>');
      const detail = await get(lesson.fullUrl, signedIn(site, { siteUserId: unique('member') }));
      expect(detail.statusCode).toBe(200);
      expect(detail.body).toContain('Secret centering tips.');
      expect(detail.body).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
      expect(detail.body).toContain('data-third-party-video="YouTube">Watch on YouTube</a>');
      expect(detail.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
      const visitorAgain = await get(lesson.fullUrl);
      expect(visitorAgain.statusCode).toBe(403);
      expect(visitorAgain.body).not.toContain('Secret centering');
      // An owner previews the gated lesson; a forged identity is refused before any route runs
      // (only the gateway's signature gets a request in: packages/platform/src/auth/gateway-only.ts).
      expect((await get(lesson.fullUrl, signedIn(site, { roles: [4] }))).statusCode).toBe(200);
      const forged = { ...signedIn(site, { siteUserId: 'x' }), 'x-sc-identity-signature': 'forged' };
      const refused = await get(lesson.fullUrl, forged);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: GenericErrorMessages.notThroughGateway } });
    });

    it("answers the member area's own page: its pages to members, the denied page to visitors", async () => {
      const visitor = await get(`/members/${areaId}`);
      expect(visitor.statusCode).toBe(403);
      const member = await get(`/members/${areaId}`, signedIn(site, { siteUserId: unique('member') }));
      expect(member.statusCode).toBe(200);
      expect(member.body).toContain(`<li><a href="/${course.urlId}">Throwing course</a></li>`);
      expect((await get('/members/no-such-area')).statusCode).toBe(404);
    });

    it('sends lesson tracking only with the video paywall beta flag on (SPEC 2)', async () => {
      expect((await owner('PUT', `${base()}/settings`, { betaFlags: { videoPaywall: true } })).statusCode).toBe(200);
      const denied = await waitFor(
        async () => {
          const response = await get(lesson.fullUrl);
          return islandData(response.body, 'lesson-tracking-data') ? response.body : undefined;
        },
        20_000,
        'the tracking island',
      );
      expect(islandData(denied, 'lesson-tracking-data')).toEqual({
        page: 'access-denied',
        pageViewEvent: 'AccessDeniedPageView',
        itemId: null,
        collectionId: null,
        memberAreaId: areaId,
      });
      const member = signedIn(site, { siteUserId: unique('member') });
      expect(islandData((await get(`/${course.urlId}`, member)).body, 'lesson-tracking-data')).toMatchObject({
        page: 'lessons',
        pageViewEvent: 'VideoListsPageView',
        collectionId: course.id,
      });
      expect(
        islandData((await get(lesson.fullUrl, signedIn(site, { siteUserId: unique('member') }))).body, 'lesson-tracking-data'),
      ).toMatchObject({
        page: 'lesson',
        pageViewEvent: 'VideoDetailsPageView',
        itemId: lesson.id,
      });
      expect((await owner('PUT', `${base()}/settings`, { betaFlags: { videoPaywall: false } })).statusCode).toBe(200);
    });
  });

  describe('popup overlay and experiments', () => {
    it('puts the enabled popup in the page context and its island on pages, not on the cart page', async () => {
      const pageCollection = await collection({
        type: 10,
        title: 'Welcome',
        layout: { blocks: [{ type: 2, data: { html: '<p>Hi</p>' } }] },
      });
      const saved = await owner('PUT', `${base()}/popup-overlay`, {
        enabled: true,
        kind: 'newsletter',
        title: 'Studio letters',
        body: 'Once a month.',
        buttonText: 'Sign up',
        buttonUrl: null,
        formId: 'letters',
        delaySeconds: 0,
        hideForDays: 30,
        pages: 'all',
      });
      expect(saved.statusCode).toBe(200);
      const version = saved.json().version as number;
      const html = await waitFor(
        async () => {
          const response = await get(`/${pageCollection.urlId}`);
          return islandData(response.body, 'popup-overlay-data') ? response.body : undefined;
        },
        20_000,
        'the popup island',
      );
      expect(islandData(html, 'popup-overlay-data')).toMatchObject({
        websiteId: site,
        popup: { title: 'Studio letters', version, kind: 'newsletter' },
        subscribePath: '/api/form/newsletter/letters/subscribe',
        challengePath: '/api/form/captcha/challenge',
      });
      const json = (await get(`/${pageCollection.urlId}?format=json`)).json<{ popupOverlay: { version: number } }>();
      expect(json.popupOverlay.version).toBe(version);
      expect(islandData((await get('/cart')).body, 'popup-overlay-data')).toBeUndefined();
    });

    it('honours ?flag-… overrides for the session under site status INTERNAL only; reset clears them', async () => {
      const path = '/cart?format=json';
      const flagsOf = async (url: string, cookie?: string) => {
        const response = await get(url, cookie ? { cookie } : {});
        return {
          setCookie: response.headers['set-cookie'] as string | undefined,
          context: response.json<{
            experiments: { overridable: boolean; flags: Record<string, boolean>; overrides: Record<string, boolean> };
          }>(),
        };
      };
      // Not INTERNAL: the parameter is ignored (the cookie is written but never honoured).
      const ignored = await flagsOf(`${path}&flag-videoPaywall=on`);
      expect(ignored.context.experiments).toMatchObject({ overridable: false, overrides: {}, flags: { videoPaywall: false } });

      expect((await owner('PUT', `${base()}/settings`, { siteStatus: 6 })).statusCode).toBe(200);
      const on = await waitFor(
        async () => {
          const answer = await flagsOf(`${path}&flag-videoPaywall=on&flag-productReviewsKillSwitch=true`);
          return answer.context.experiments.overridable ? answer : undefined;
        },
        20_000,
        'site status INTERNAL',
      );
      expect(on.context.experiments).toEqual({
        overridable: true,
        overrides: { videoPaywall: true, productReviewsKillSwitch: true },
        flags: { commerceVisitorMetrics: false, videoPaywall: true, productReviewsKillSwitch: true },
      });
      expect(on.setCookie).toBe(`${EXPERIMENT_COOKIE}=videoPaywall:1,productReviewsKillSwitch:1; Path=/; HttpOnly; SameSite=Lax`);
      const cookie = `${EXPERIMENT_COOKIE}=videoPaywall:1,productReviewsKillSwitch:1`;
      // Kept for the session: the next page without parameters still has them.
      const kept = await flagsOf(path, cookie);
      expect(kept.setCookie).toBeUndefined();
      expect(kept.context.experiments.flags).toMatchObject({ videoPaywall: true, productReviewsKillSwitch: true });
      // One reset, then all reset.
      const one = await flagsOf(`${path}&flag-videoPaywall=reset`, cookie);
      expect(one.setCookie).toBe(`${EXPERIMENT_COOKIE}=productReviewsKillSwitch:1; Path=/; HttpOnly; SameSite=Lax`);
      expect(one.context.experiments.overrides).toEqual({ productReviewsKillSwitch: true });
      const all = await flagsOf(`${path}&flags=reset`, cookie);
      expect(all.setCookie).toBe(`${EXPERIMENT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
      expect(all.context.experiments).toMatchObject({ overrides: {}, flags: { videoPaywall: false, productReviewsKillSwitch: false } });
      expect((await owner('PUT', `${base()}/settings`, { siteStatus: 3 })).statusCode).toBe(200);
    });
  });
});
