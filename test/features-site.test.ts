/// <reference lib="dom" />
// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 11's visitor features in a real browser, as a visitor uses them: post a comment and see it
// after a moderator approves it; like a post once; hit a member-only lesson signed out, then sign
// in and read it; close the popup and not see it again until its version changes; find a product
// by a word of its description on the /search page; and the owner moderating comments and replies
// from the admin app (approve, hide, delete). The web build
// adds the feature islands' entries (web/src/features/*/entry.ts) to the storefront build the way
// web/vite.config.ts lists islands, so the pages load them as they will once they are listed there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { CommentMessages, DEMO_CONTENT, DEMO_SITE_USER, MemberAreaMessages, PageType, ProductType, RecordType } from '@sc/contracts';
import { goToArea, signIn, toastOf } from './admin-kit.js';
import { launchBrowser, startPlatform, type RunningPlatform } from './browser-kit.js';
import { ROOT } from './helpers.js';
import { eventually, OwnerApi, shot, visitor, type Storefront } from './storefront-kit.js';

const SUITE = 'features';
/** Island name → entry, as web/vite.config.ts's ISLAND_ENTRIES should list them. */
const FEATURE_ENTRIES: Record<string, string> = {
  comments: 'src/features/comments/entry.ts',
  'like-button': 'src/features/likes/entry.ts',
  'popup-overlay': 'src/features/popup/entry.ts',
  'member-access': 'src/features/members/entry.ts',
  'lesson-tracking': 'src/features/lessons/entry.ts',
};

/** The web build with the feature entries added to the storefront environment's inputs. */
function buildWebWithFeatures(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'sc-web-features-'));
  const web = path.join(ROOT, 'web');
  // Beside web/vite.config.ts, so that its plugins (Tailwind's among them) resolve as they do there.
  const config = path.join(web, `.vite.features-${process.pid}.config.ts`);
  writeFileSync(
    config,
    [
      `import base from ${JSON.stringify(path.join(web, 'vite.config.ts'))};`,
      'const storefront = base.environments.storefront.build.rollupOptions;',
      `storefront.input = { ...storefront.input, ...${JSON.stringify(FEATURE_ENTRIES)} };`,
      'export default base;',
    ].join('\n'),
  );
  const built = spawnSync(
    process.execPath,
    [
      path.join(web, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      config,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: web,
      encoding: 'utf8',
    },
  );
  rmSync(config, { force: true });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  return outDir;
}

let platform: RunningPlatform;
let browser: Browser;
let harness: Storefront;
let owner: OwnerApi;
const OWNER_BASE = '/api/content-service/1.0/websites/demo';

beforeAll(async () => {
  const webDist = buildWebWithFeatures();
  browser = await launchBrowser();
  platform = await startPlatform({ webDist, env: { RATE_LIMIT_MAX: '100000' } });
  harness = { platform, browser, url: platform.url };
  owner = await OwnerApi.signIn(platform.url);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function collectionId(urlPath: string): Promise<string> {
  const resolved = await owner.call<{ collection: { id: string } }>(
    'GET',
    `/api/content-service/public/1.0/resolve?path=${encodeURIComponent(urlPath)}`,
  );
  return resolved.collection.id;
}

describe('blog comments and likes', () => {
  let post: { id: string; fullUrl: string };

  beforeAll(async () => {
    const journal = await collectionId('/journal');
    post = await owner.call('POST', `${OWNER_BASE}/collections/${journal}/items`, {
      recordType: RecordType.TEXT,
      title: 'Open studio questions',
      body: '<p>Ask us anything.</p>',
      commentState: 1,
    });
  });

  it('posts a comment and shows it once a moderator approves it', async () => {
    const { context, page } = await visitor(harness);
    await page.goto(post.fullUrl);
    const form = page.locator('form.comment-form');
    await form.waitFor();
    await form.getByLabel('Name').fill('Ada Visitor');
    await form.getByLabel('Comment').fill('Do you run evening classes?');
    await expect(form.locator('.character-counter').textContent()).resolves.toBe('27 / 2000');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await page.locator('.comment-status', { hasText: CommentMessages.awaitingApproval }).waitFor({ timeout: 20_000 });
    await shot(page, SUITE, 'comment-posted');
    expect(await page.locator('.comment-list').count()).toBe(0);

    const queue = await owner.call<{ items: Array<{ id: string; body: string }> }>(
      'GET',
      `${OWNER_BASE}/comments?status=pending&itemId=${post.id}`,
    );
    expect(queue.items.map((c) => c.body)).toEqual(['Do you run evening classes?']);
    await owner.call('PATCH', `${OWNER_BASE}/comments/${queue.items[0]!.id}`, { status: 'approved' });
    await eventually(async () => {
      await page.reload();
      return (await page.locator('.comment-list .comment-body').count()) === 1;
    }, 20_000);
    await expect(page.locator('.comment-list .comment-author').textContent()).resolves.toBe('Ada Visitor');
    await expect(page.locator('.comment-list .comment-body').textContent()).resolves.toBe('Do you run evening classes?');
    await expect(page.locator('.comments-title').textContent()).resolves.toBe('1 Comment');
    await shot(page, SUITE, 'comment-approved');
    await context.close();
  });

  it('likes a post once: the count goes up by one and stays liked after a reload', async () => {
    const { context, page } = await visitor(harness);
    await page.goto(post.fullUrl);
    const like = page.locator('.sqs-simple-like[data-mounted="true"]');
    await like.waitFor();
    // The toggle's name starts with its visible text, the count (WCAG 2.5.3); pressed says liked.
    const button = like.getByRole('button', { name: '0 likes', exact: true, pressed: false });
    await expect(like.locator('.like-count').textContent()).resolves.toBe('0');
    await button.click();
    await like.getByRole('button', { name: '1 like', exact: true, pressed: true }).waitFor();
    await expect(like.locator('.like-count').textContent()).resolves.toBe('1');
    await page.reload();
    const again = page.locator('.sqs-simple-like[data-mounted="true"]');
    await again.getByRole('button', { name: '1 like', exact: true, pressed: true }).waitFor();
    await expect(again.locator('.like-count').textContent()).resolves.toBe('1');
    const state = await owner.call<{ likeCount: number }>('GET', `/api/content-service/public/1.0/items/${post.id}/like`);
    expect(state.likeCount).toBe(1);
    await shot(page, SUITE, 'liked');
    await context.close();
  });
});

describe('member areas', () => {
  let lessonUrl: string;

  beforeAll(async () => {
    const course = await owner.call<{ id: string }>('POST', `${OWNER_BASE}/collections`, { type: 25, title: 'Wheel basics' });
    const lesson = await owner.call<{ fullUrl: string }>('POST', `${OWNER_BASE}/collections/${course.id}/items`, {
      recordType: RecordType.LESSON,
      title: 'Wedging clay',
      body: '<p>Press, roll and turn the clay forty times.</p>',
      videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    lessonUrl = lesson.fullUrl;
    await owner.call('POST', `${OWNER_BASE}/member-areas`, { title: 'Studio members', collectionIds: [course.id] });
  });

  it('shows a signed-out visitor the access-denied page, then the lesson once they sign in', async () => {
    const { context, page } = await visitor(harness);
    await eventually(async () => (await page.goto(lessonUrl))?.status() === 403, 20_000);
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe(String(PageType.MEMBER_AREA_ACCESS_DENIED));
    await expect(page.locator('h1').textContent()).resolves.toBe(MemberAreaMessages.accessDenied);
    expect(await page.content()).not.toContain('forty times');
    await shot(page, SUITE, 'member-denied');
    await page.locator('.member-access-cta').getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(DEMO_SITE_USER.email);
    await dialog.getByLabel('Password').fill(DEMO_SITE_USER.password);
    await Promise.all([
      page.waitForEvent('load', { timeout: 20_000 }),
      dialog.locator('form').getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.locator('.lesson-body').waitFor();
    await expect(page.locator('.lesson-body').textContent()).resolves.toContain('Press, roll and turn the clay forty times.');
    await expect(page.locator('h1').textContent()).resolves.toBe('Wedging clay');
    await shot(page, SUITE, 'member-lesson');
    await context.close();
  });
});

describe('popup overlay', () => {
  const popup = {
    enabled: true,
    kind: 'promotion',
    title: 'Winter sale',
    body: 'Ten percent off mugs this week.',
    buttonText: 'Shop the sale',
    buttonUrl: '/shop',
    formId: null,
    delaySeconds: 0,
    hideForDays: 0,
    pages: 'all',
  };

  it('shows the popup, keeps it closed after closing, and shows it again for a new version', async () => {
    await owner.call('PUT', `${OWNER_BASE}/popup-overlay`, popup);
    const { context, page } = await visitor(harness);
    // Pages are rendered again from the popup's event, a moment after the save.
    await eventually(async () => {
      await page.goto('/events');
      return page
        .getByRole('dialog', { name: 'Winter sale' })
        .waitFor({ timeout: 2_000 })
        .then(
          () => true,
          () => false,
        );
    }, 20_000);
    const dialog = page.getByRole('dialog', { name: 'Winter sale' });
    await expect(dialog.getByRole('link', { name: 'Shop the sale' }).getAttribute('href')).resolves.toBe('/shop');
    await shot(page, SUITE, 'popup-shown');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(stored).sort()).toEqual(['sc-popup-overlay:demo:closed-date', 'sc-popup-overlay:demo:version']);
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await owner.call('PUT', `${OWNER_BASE}/popup-overlay`, { ...popup, title: 'Winter sale, week two' });
    await eventually(async () => {
      await page.reload();
      return page
        .getByRole('dialog', { name: 'Winter sale, week two' })
        .waitFor({ timeout: 2_000 })
        .then(
          () => true,
          () => false,
        );
    }, 20_000);
    await shot(page, SUITE, 'popup-new-version');
    await owner.call('PUT', `${OWNER_BASE}/popup-overlay`, { ...popup, enabled: false });
    await context.close();
  });
});

describe('site search', () => {
  it('finds a product by a word of its description on the /search page', async () => {
    const lantern = await owner.call<{ id: string; fullUrl: string }>(
      'POST',
      `/api/content-service/product/1.1/websites/demo/products/${DEMO_CONTENT.shopCollectionId}/items`,
      {
        recordType: RecordType.STORE_ITEM,
        title: 'Harbour Lantern',
        body: '<p>Hand-riveted from marine brass, with a frosted glass globe.</p>',
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: [{ sku: 'LANTERN-1', priceMoney: { value: '6400', currency: 'USD' }, qtyInStock: 3 }],
        },
      },
    );
    const { context, page } = await visitor(harness);
    await page.goto('/search');
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe(String(PageType.SEARCH));
    await page.getByLabel('Search this site').fill('brass');
    await Promise.all([page.waitForURL(/\/search\?q=brass$/), page.getByRole('button', { name: 'Search' }).click()]);
    const result = page.locator('.search-result', { has: page.getByRole('link', { name: 'Harbour Lantern' }) });
    await eventually(async () => {
      if ((await result.count()) > 0) return true;
      await page.reload();
      return false;
    }, 20_000);
    await expect(result.locator('.search-result-kind').textContent()).resolves.toBe('Product');
    await expect(result.locator('.excerpt mark').first().textContent()).resolves.toBe('brass');
    await shot(page, SUITE, 'search-results');
    await result.getByRole('link', { name: 'Harbour Lantern' }).click();
    await page.waitForURL((url) => url.pathname === lantern.fullUrl);
    // A word in no description finds nothing, and says so.
    await page.goto('/search?q=zeppelinfoundry');
    await expect(page.locator('.search-empty').textContent()).resolves.toBe('No results for “zeppelinfoundry”.');
    await context.close();
  });
});

describe('comment moderation in the admin app', () => {
  let post: { id: string; fullUrl: string };

  beforeAll(async () => {
    const journal = await collectionId('/journal');
    post = await owner.call('POST', `${OWNER_BASE}/collections/${journal}/items`, {
      recordType: RecordType.TEXT,
      title: 'Kiln day notes',
      body: '<p>What we fired today.</p>',
      commentState: 1,
    });
  });

  /** The owner's admin app in a browser context of its own, on the comments screen. */
  async function moderator() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, platform.url);
    await goToArea(page, 'Community');
    await page.getByRole('heading', { name: 'Comments', level: 1 }).waitFor();
    return { context, page };
  }

  it('approves a comment and a reply to it, hides the comment with its reply, and deletes it', async () => {
    const reader = await visitor(harness);
    await reader.page.goto(post.fullUrl);
    const form = reader.page.locator('form.comment-form');
    await form.getByLabel('Name').fill('Grace Reader');
    await form.getByLabel('Comment').fill('How hot does the kiln get?');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await reader.page.locator('.comment-status', { hasText: CommentMessages.awaitingApproval }).waitFor({ timeout: 20_000 });

    // The owner approves it from the moderation queue.
    const admin = await moderator();
    const row = admin.page.getByRole('row', { name: 'Comment of Grace Reader' });
    await expect(row.locator('.comment-text').textContent()).resolves.toBe('How hot does the kiln get?');
    await expect(row.getByRole('link', { name: 'Kiln day notes' }).getAttribute('href')).resolves.toBe(post.fullUrl);
    await shot(admin.page, SUITE, 'admin-comments-pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Comment approved' }).waitFor();
    await row.waitFor({ state: 'detached' });

    // The visitor sees it and replies to it.
    const comment = reader.page.locator('.comment-list > li.comment', { hasText: 'How hot does the kiln get?' });
    await eventually(async () => {
      await reader.page.reload();
      return (await comment.count()) === 1;
    }, 20_000);
    await comment.getByRole('button', { name: 'Reply' }).click();
    const reply = comment.locator('form.comment-reply-form');
    await expect(reply.getByRole('heading').textContent()).resolves.toBe('Reply to Grace Reader');
    await reply.getByLabel('Name').fill('Hal Potter');
    await reply.getByLabel('Reply').fill('About 1240 degrees.');
    await reply.getByRole('button', { name: 'Post reply' }).click();
    await reply.locator('.comment-status', { hasText: CommentMessages.awaitingApproval }).waitFor({ timeout: 20_000 });

    await admin.page.reload();
    const replyRow = admin.page.getByRole('row', { name: 'Comment of Hal Potter' });
    await expect(replyRow.textContent()).resolves.toContain('Reply to a comment');
    await replyRow.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Comment approved' }).waitFor();

    // The reply shows under the comment it answers, and both count.
    const nested = comment.locator('ol.comment-replies > li.comment-reply');
    await eventually(async () => {
      await reader.page.reload();
      return (await nested.count()) === 1;
    }, 20_000);
    await expect(nested.locator('.comment-body').textContent()).resolves.toBe('About 1240 degrees.');
    await expect(nested.getByRole('button', { name: 'Reply' }).count()).resolves.toBe(0);
    await expect(reader.page.locator('.comments-title').textContent()).resolves.toBe('2 Comments');
    await shot(reader.page, SUITE, 'comment-reply-nested');

    // Hiding the comment hides its reply too.
    await admin.page.getByLabel('Show').selectOption('approved');
    const approvedRow = admin.page.getByRole('row', { name: 'Comment of Grace Reader' });
    await approvedRow.getByRole('button', { name: 'Hide' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Comment hidden' }).waitFor();
    await eventually(async () => {
      await reader.page.reload();
      return (await reader.page.locator('.comment-list').count()) === 0;
    }, 20_000);
    expect(await reader.page.content()).not.toContain('About 1240 degrees.');

    // Deleting it (after the confirm) takes the reply with it.
    await admin.page.getByLabel('Show').selectOption('');
    const hiddenRow = admin.page.getByRole('row', { name: 'Comment of Grace Reader' });
    await hiddenRow.getByRole('button', { name: 'Delete' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Comment deleted' }).waitFor();
    await hiddenRow.waitFor({ state: 'detached' });
    await expect(admin.page.getByRole('row', { name: 'Comment of Hal Potter' }).count()).resolves.toBe(0);
    const left = await owner.call<{ items: unknown[] }>('GET', `${OWNER_BASE}/comments?itemId=${post.id}`);
    expect(left.items).toEqual([]);
    await shot(admin.page, SUITE, 'admin-comments-deleted');
    await admin.context.close();
    await reader.context.close();
  });
});

describe('member areas and the popup in the admin app', () => {
  it('creates a free member area over a page, grants and revokes a member, deletes it; saves a new popup version', async () => {
    const page = await owner.call<{ id: string; fullUrl: string }>('POST', `${OWNER_BASE}/collections`, {
      type: 10,
      title: 'Members corner',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    admin.setDefaultTimeout(10_000);
    await signIn(admin, platform.url);
    await goToArea(admin, 'Community');
    await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Member areas' }).click();
    await admin.getByRole('button', { name: 'New member area' }).click();
    const form = admin.getByRole('region', { name: 'New member area' });
    await form.getByLabel('Title', { exact: true }).fill('Corner club');
    await form.getByLabel('Plan type').selectOption('free');
    await form.getByLabel(`Members corner (${page.fullUrl})`).check();
    await form.getByRole('button', { name: 'Create member area' }).click();
    await admin.getByRole('heading', { name: 'Corner club', level: 1 }).waitFor();
    const areas = await owner.call<{ memberAreas: Array<{ id: string; title: string; access: string; collectionIds: string[] }> }>(
      'GET',
      `${OWNER_BASE}/member-areas`,
    );
    const area = areas.memberAreas.find((a) => a.title === 'Corner club');
    expect(area).toMatchObject({ access: 'free', collectionIds: [page.id] });
    // Visitors without an account now get the access-denied page there.
    const { context: visiting, page: visitorPage } = await visitor(harness);
    await eventually(async () => (await visitorPage.goto(page.fullUrl))?.status() === 403, 20_000);
    await visiting.close();

    await admin.getByLabel('Site user id').fill('corner-member-1');
    await admin.getByRole('button', { name: 'Grant access' }).click();
    await admin.getByRole('status').filter({ hasText: 'Access granted' }).waitFor();
    const member = admin.getByRole('row', { name: 'Member corner-member-1' });
    await expect(member.textContent()).resolves.toContain('Granted by hand');
    await shot(admin, SUITE, 'admin-member-area');
    await member.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await member.waitFor({ state: 'detached' });
    expect((await owner.call<{ members: unknown[] }>('GET', `${OWNER_BASE}/member-areas/${area!.id}/members`)).members).toEqual([]);
    await admin.getByRole('button', { name: 'Delete member area' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('heading', { name: 'Member areas', level: 1 }).waitFor();
    expect(
      (await owner.call<{ memberAreas: Array<{ title: string }> }>('GET', `${OWNER_BASE}/member-areas`)).memberAreas.map((a) => a.title),
    ).not.toContain('Corner club');

    // The popup: each save is a new version.
    const before = await owner.call<{ version: number }>('GET', `${OWNER_BASE}/popup-overlay`);
    await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Popup' }).click();
    await expect(admin.locator('.popup-version').textContent()).resolves.toContain(`Version ${before.version},`);
    await admin.getByLabel('Title', { exact: true }).fill('Spring sale');
    await admin.getByRole('button', { name: 'Save popup' }).click();
    await toastOf(admin, 'Popup saved').waitFor();
    await expect(admin.locator('.popup-version').textContent()).resolves.toContain(`Version ${before.version + 1},`);
    expect(await owner.call('GET', `${OWNER_BASE}/popup-overlay`)).toMatchObject({
      version: before.version + 1,
      title: 'Spring sale',
      enabled: false,
    });
    await shot(admin, SUITE, 'admin-popup');
    await context.close();
  });
});
