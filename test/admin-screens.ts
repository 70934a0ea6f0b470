// Every admin screen an owner opens (each area and the screens below it) on the demo site, with its
// heading: the phone and accessibility test visits them all, and scripts/admin-screenshots.ts
// photographs them for docs/admin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT } from '@sc/contracts';

/** Every admin area and the screens below them that an owner opens. */
export const ADMIN_SCREENS: ReadonlyArray<{ name: string; path: string; heading: string | RegExp }> = [
  { name: 'home', path: '/', heading: 'Home' },
  { name: 'content', path: '/content', heading: 'Content' },
  { name: 'page-editor', path: `/content/${DEMO_CONTENT.aboutCollectionId}`, heading: /About/ },
  { name: 'journal', path: `/content/${DEMO_CONTENT.journalCollectionId}`, heading: /Journal/ },
  { name: 'new-post', path: `/content/${DEMO_CONTENT.journalCollectionId}/items/new`, heading: 'New post' },
  { name: 'gallery-settings', path: `/content/${DEMO_CONTENT.galleryCollectionId}/gallery`, heading: /design/ },
  { name: 'media', path: '/media', heading: 'Media' },
  { name: 'store', path: '/store', heading: 'Store' },
  { name: 'products', path: `/store/${DEMO_CONTENT.shopCollectionId}`, heading: /Shop/ },
  { name: 'product-editor', path: `/store/${DEMO_CONTENT.shopCollectionId}/products/${DEMO_CONTENT.products.tote}`, heading: /Tote/ },
  { name: 'orders', path: '/store/orders', heading: 'Orders' },
  { name: 'inventory', path: '/store/inventory', heading: 'Inventory' },
  { name: 'customers', path: '/store/customers', heading: 'Customers' },
  { name: 'subscriptions', path: '/store/subscriptions', heading: 'Subscriptions' },
  { name: 'gift-cards', path: '/store/gift-cards', heading: 'Gift cards' },
  { name: 'coupons', path: '/store/coupons', heading: 'Coupons' },
  { name: 'shipping-tax', path: '/store/shipping-tax', heading: /Shipping/ },
  { name: 'restock', path: '/restock', heading: /Restock|Waitlists/ },
  { name: 'forms', path: '/forms', heading: 'Forms' },
  { name: 'form-builder', path: `/forms/${DEMO_CONTENT.contactFormId}`, heading: /Contact/ },
  { name: 'submissions', path: `/forms/${DEMO_CONTENT.contactFormId}/submissions`, heading: /submissions/i },
  { name: 'comments', path: '/community', heading: /Comments|Community/ },
  { name: 'member-areas', path: '/community/member-areas', heading: 'Member areas' },
  { name: 'popup', path: '/community/popup', heading: /Popup/ },
  { name: 'mailbox', path: '/mailbox', heading: /Sent mail|Mail/ },
  { name: 'analytics', path: '/analytics', heading: 'Analytics' },
  { name: 'team', path: '/team', heading: 'Team' },
  { name: 'settings', path: '/settings', heading: 'Website settings' },
  { name: 'colours', path: '/settings/colours', heading: 'Colours' },
  { name: 'header-footer', path: '/settings/header-footer', heading: 'Header and footer' },
  { name: 'navigation', path: '/settings/navigation', heading: 'Navigation' },
  { name: 'languages', path: '/settings/languages', heading: 'Languages' },
  { name: 'commerce', path: '/settings/commerce', heading: 'Commerce preferences' },
  { name: 'export', path: '/settings/export', heading: 'Export' },
];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page as it is now: rule, impact and where (the page's context needs bypassCSP). */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact ?? ''} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
