/// <reference lib="dom" />
// Issue 11's visitor features in a real browser, as a visitor uses them: post a comment and see it
// after a moderator approves it; like a post once; hit a member-only lesson signed out, then sign
// in and read it; close the popup and not see it again until its version changes. The web build
// adds the feature islands' entries (web/src/features/*/entry.ts) to the storefront build the way
// web/vite.config.ts lists islands, so the pages load them as they will once they are listed there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { CommentMessages, DEMO_SITE_USER, MemberAreaMessages, PageType, RecordType } from '@sc/contracts';
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
  const config = path.join(mkdtempSync(path.join(tmpdir(), 'sc-vite-')), 'vite.features.config.ts');
  writeFileSync(
    config,
    [
      `import base from ${JSON.stringify(path.join(web, 'vite.config.ts'))};`,
      'const storefront = base.environments.storefront.build.rollupOptions;',
      `storefront.input = { ...storefront.input, ...${JSON.stringify(FEATURE_ENTRIES)} };`,
      'export default base;',
    ].join('\n'),
  );
  const built = spawnSync(process.execPath, [path.join(web, 'node_modules/vite/bin/vite.js'), 'build', '--config', config, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    encoding: 'utf8',
  });
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
  const resolved = await owner.call<{ collection: { id: string } }>('GET', `/api/content-service/public/1.0/resolve?path=${encodeURIComponent(urlPath)}`);
  return resolved.collection.id;
}

describe('blog comments and likes', () => {
  let post: { id: string; fullUrl: string };

  beforeAll(async () => {
    const journal = await collectionId('/journal');
    post = await owner.call('POST', `${OWNER_BASE}/collections/${journal}/items`, { recordType: RecordType.TEXT, title: 'Open studio questions', body: '<p>Ask us anything.</p>', commentState: 1 });
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

    const queue = await owner.call<{ items: Array<{ id: string; body: string }> }>('GET', `${OWNER_BASE}/comments?status=pending&itemId=${post.id}`);
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
    const button = like.getByRole('button', { name: 'Like' });
    await expect(like.locator('.like-count').textContent()).resolves.toBe('0');
    await button.click();
    await like.getByRole('button', { name: 'Unlike' }).waitFor();
    await expect(like.locator('.like-count').textContent()).resolves.toBe('1');
    await page.reload();
    const again = page.locator('.sqs-simple-like[data-mounted="true"]');
    await again.getByRole('button', { name: 'Unlike', pressed: true }).waitFor();
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
    await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), dialog.locator('form').getByRole('button', { name: 'Sign in' }).click()]);
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
      return page.getByRole('dialog', { name: 'Winter sale' }).waitFor({ timeout: 2_000 }).then(() => true, () => false);
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
      return page.getByRole('dialog', { name: 'Winter sale, week two' }).waitFor({ timeout: 2_000 }).then(() => true, () => false);
    }, 20_000);
    await shot(page, SUITE, 'popup-new-version');
    await owner.call('PUT', `${OWNER_BASE}/popup-overlay`, { ...popup, enabled: false });
    await context.close();
  });
});
