// Regenerates docs/admin: a screenshot of every admin screen (test/admin-screens.ts) at desktop
// (1280×900) and phone (390×844) width, signed in as the demo owner on the demo site.
//   node --conditions=@sc/source --import tsx scripts/admin-screenshots.ts
// starts its own embedded platform (fresh data directory, the web build); ADMIN_TEST_URL=http://…
// uses one already running instead. Each picture is the screen's first viewport (what an owner
// sees on arrival), which keeps the folder small enough to keep in the repository.
// ONLY=products,product-editor photographs those screens alone (the others are kept).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn, startAdmin, stopAdmin } from '../test/admin-kit.js';
import { ADMIN_SCREENS } from '../test/admin-screens.js';
import { ROOT } from '../test/helpers.js';

const OUT = path.join(ROOT, 'docs', 'admin');
const WIDTHS = [
  { suffix: 'desktop', viewport: { width: 1280, height: 900 } },
  { suffix: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function photograph(browser: Browser, url: string, width: (typeof WIDTHS)[number]): Promise<void> {
  const context = await browser.newContext({
    viewport: width.viewport,
    ...(width.suffix === 'phone' ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signIn(page, url);
  for (const screen of SCREENS) {
    await page.goto(`${url}/config${screen.path === '/' ? '' : screen.path}`);
    await page.getByRole('heading', { level: 1, name: screen.heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The page editor's frame draws render's preview once it has arrived.
    if (screen.name === 'page-editor') await page.locator('iframe[title="Page preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const file = path.join(OUT, `${screen.name}-${width.suffix}.png`);
    await page.screenshot({ path: file });
    process.stdout.write(`${path.relative(ROOT, file)}\n`);
  }
  await context.close();
}

const ONLY = (process.env.ONLY ?? '').split(',').filter(Boolean);
const SCREENS = ONLY.length ? ADMIN_SCREENS.filter((s) => ONLY.includes(s.name)) : ADMIN_SCREENS;

const harness = await startAdmin();
try {
  if (!ONLY.length) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const width of WIDTHS) await photograph(harness.browser, harness.url, width);
} finally {
  await stopAdmin(harness);
}
