// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The browser harness itself, end to end: the platform started as `pnpm start` runs it, the web
// build served by the gateway, Debian's Chromium loading a storefront page and the admin app.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, startPlatform, type RunningPlatform } from './browser-kit.js';

let platform: RunningPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('browser harness', () => {
  it('shows the demo storefront and the owner sign-in in a real browser', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${platform.url}/`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain('Harbour & Pine');

      await page.goto(`${platform.url}/config`);
      await page.getByRole('heading', { name: 'Sign in to manage your site' }).waitFor();
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByLabel('Password').fill('wrong-password-0');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBeTruthy();
      await page.getByLabel('Password').fill('owner-demo-1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
      expect(await page.textContent('main')).toContain('owner@example.com');
    } finally {
      await page.close();
    }
  }, 60_000);
});
