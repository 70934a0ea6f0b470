// No import points back up (issue 42). Inside each service's src/, the arrows go one way:
//   the outer layer (the top files main.ts, app.ts, module.ts, index.ts; consumers/; seed/)
//     → feature folders (cart/, items/, websites/, ...) → low-level folders (shared/, domain/,
//     rules/, lib/, migrations/) and the schema and settings files (tables.ts, config.ts).
// A feature reaches another feature only through its public files: `*.service.ts`, `index.ts`,
// `types.ts`/`*.types.ts`; never its repositories, routes or helpers. Low-level folders import no
// feature, and nothing but the outer layer imports the outer layer. Every import counts, type-only
// ones too (they are arrows all the same). The rule is services/README.md's "Arrows".
//
// Arrows that exist today and are being untangled are listed in ALLOWED, per service and file.
// The list can only shrink: an allowed arrow that no longer exists fails the test until it is
// struck from the list. Reads the source tree only.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, moduleImports, SERVICES_DIR, servicesIn, withScratchService } from './source-tree.js';

/** Folders below every feature: helpers, pure rules, the schema's history. */
const LOW_LEVEL_DIRS = new Set(['shared', 'domain', 'rules', 'lib', 'migrations']);
/** Folders of the outer layer: they are handed the wired parts, like app.ts. */
const OUTER_DIRS = new Set(['consumers', 'seed']);
/** Top files of the outer layer; tables.ts and config.ts are low-level (anyone may import them). */
const OUTER_FILES = new Set(['main.ts', 'app.ts', 'module.ts', 'index.ts']);
/** What a feature offers the others. */
const PUBLIC_FILE = /(^|\/)([^/]+\.service|index|types|[^/]+\.types)\.ts$/;

type Layer = 'outer' | 'feature' | 'low';

/** The layer of a file (path relative to src/, with `/`) and, for folders, the folder. */
function placeOf(rel: string): { layer: Layer; folder: string } {
  if (!rel.includes('/')) return { layer: OUTER_FILES.has(rel) ? 'outer' : 'low', folder: '' };
  const folder = rel.split('/')[0]!;
  return { layer: OUTER_DIRS.has(folder) ? 'outer' : LOW_LEVEL_DIRS.has(folder) ? 'low' : 'feature', folder };
}

/** The file a relative specifier names, relative to src/ (`.js` written for `.ts`), or null outside src/. */
function targetOf(src: string, file: string, specifier: string): string | null {
  const rel = path
    .relative(src, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
  if (rel.startsWith('..')) return null;
  if (/\.(m?js)$/.test(rel)) return rel.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts');
  return /\.(m?ts)$/.test(rel) ? rel : `${rel}/index.ts`;
}

/** Why the arrow from `from` to `to` points the wrong way, or null when it is allowed. */
function wrongWay(from: string, to: string): string | null {
  const source = placeOf(from);
  const target = placeOf(to);
  if (source.layer === 'outer' || (source.folder !== '' && source.folder === target.folder)) return null;
  if (target.layer === 'outer') return 'imports the outer layer (wiring, consumers, seed)';
  if (source.layer === 'low' && target.layer === 'feature') return 'a low-level file imports a feature';
  if (source.layer === 'feature' && target.layer === 'feature' && !PUBLIC_FILE.test(to))
    return `imports ${target.folder}/ past its services`;
  return null;
}

/** Every arrow of one service that points the wrong way: `<file> -> <target>: <why>`, paths relative to src/. */
function wrongArrows(service: string, root = SERVICES_DIR): string[] {
  const src = path.join(root, service, 'src');
  const found = new Set<string>();
  for (const file of filesUnder(src)) {
    const from = path.relative(src, file).split(path.sep).join('/');
    for (const { specifier } of moduleImports(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = targetOf(src, file, specifier);
      const why = to && wrongWay(from, to);
      if (why) found.add(`${from} -> ${to}: ${why}`);
    }
  }
  return [...found].sort();
}

/**
 * The arrows that still point the wrong way, per service and file (only shrinking). Content has
 * none and must keep it so.
 */
const ALLOWED: Record<string, Record<string, string[]>> = {
  // analytics: routes and rollups read ingest's fact helpers and the settings repository.
  analytics: {
    'census/census.routes.ts': ['ingest/facts.ts'],
    'ingest/ingest.service.ts': ['settings/settings.repository.ts'],
    'replay/replay.routes.ts': ['ingest/facts.ts'],
    'rollups/rollups.repository.ts': ['ingest/bulk.ts', 'settings/settings.repository.ts'],
  },
  // cart: routes take the module's parts type from module.ts.
  cart: {
    'admin/exports.routes.ts': ['module.ts'],
    'admin/summary.routes.ts': ['module.ts'],
    'cart/cart.routes.ts': ['module.ts'],
    'checkout/checkout.routes.ts': ['module.ts'],
    'customers/customers.routes.ts': ['module.ts'],
    'gift-cards/gift-cards.routes.ts': ['module.ts'],
    'mail/mail.routes.ts': ['module.ts'],
    'orders/coupons.routes.ts': ['module.ts'],
    'orders/orders.routes.ts': ['module.ts'],
    'orders/owner-orders.routes.ts': ['module.ts'],
    'payments/payments.routes.ts': ['module.ts'],
    'store/owner.routes.ts': ['module.ts'],
    'store/store.routes.ts': ['module.ts'],
    'subscriptions/subscriptions.routes.ts': ['module.ts'],
  },
  // forms: newsletter and submissions reuse forms' repository and route helpers.
  forms: {
    'newsletter/newsletter.routes.ts': ['forms/forms.routes.ts'],
    'newsletter/newsletter.service.ts': ['forms/forms.repository.ts'],
    'submissions/submissions.routes.ts': ['forms/forms.routes.ts'],
    'submissions/submit.service.ts': ['forms/forms.repository.ts'],
    'submissions/visitor.routes.ts': ['forms/template.ts'],
  },
  // identity: sign-in, passwords and sessions helpers used across features; config.ts reads
  // feature defaults.
  identity: {
    'account-mail/account-mail.routes.ts': ['sign-in/retry-after.ts'],
    'account-mail/account-mail.service.ts': ['passwords/password.ts', 'sign-in/sign-in.ts', 'sign-in/throttle.ts'],
    'api-keys/api-key.service.ts': ['owners/owner.repository.ts'],
    'config.ts': ['passwords/hash-pool.ts', 'passwords/password.ts', 'sign-in/throttle.ts'],
    'members/member.service.ts': ['owners/owner.repository.ts'],
    'owners/owner.routes.ts': ['sessions/http.ts', 'sign-in/retry-after.ts'],
    'owners/owner.service.ts': ['passwords/password.ts', 'sessions/session.repository.ts', 'sign-in/sign-in.ts', 'sign-in/throttle.ts'],
    'resolve/resolve.service.ts': ['api-keys/api-key.repository.ts', 'owners/owner.repository.ts', 'sessions/session.repository.ts'],
    'sign-in/retry-after.ts': ['passwords/hash-pool.ts'],
    'sign-in/sign-in.ts': ['passwords/hash-pool.ts', 'passwords/password.ts'],
    'site-users/site-user.routes.ts': ['sessions/http.ts', 'sign-in/retry-after.ts'],
    'site-users/site-user.service.ts': [
      'passwords/password.ts',
      'sessions/session.repository.ts',
      'sign-in/sign-in.ts',
      'sign-in/throttle.ts',
    ],
    'websites/website-read-model.service.ts': ['owners/owner.repository.ts'],
    'websites/website-switch.service.ts': ['owners/owner.repository.ts', 'sessions/session.repository.ts'],
    'websites/website.routes.ts': ['sessions/http.ts'],
  },
  // render: pages, seo, preview and theme share the content reader and page helpers; two domain/
  // files read the pages' site context.
  render: {
    'domain/community-islands.ts': ['pages/site-context.ts'],
    'domain/experiments.ts': ['pages/site-context.ts'],
    'pages/block-views.ts': ['html/sanitize.ts'],
    'pages/page-context.ts': ['content/content-reader.ts', 'html/sanitize.ts'],
    'pages/page-renderer.ts': ['theme/asset-manifest.ts', 'theme/theme.ts'],
    'pages/page.service.ts': ['content/content-reader.ts'],
    'pages/pages.routes.ts': ['seo/seo.routes.ts', 'theme/theme.ts'],
    'pages/product-islands.ts': ['content/content-reader.ts'],
    'pages/site-context.ts': ['content/content-reader.ts'],
    'preview/design-preview.routes.ts': ['pages/page-cache.ts', 'pages/pages.routes.ts'],
    'preview/preview.routes.ts': ['pages/pages.routes.ts'],
    'preview/preview.service.ts': ['content/content-reader.ts', 'pages/page-renderer.ts'],
    'seo/feed.service.ts': ['content/content-reader.ts', 'pages/page-context.ts'],
    'seo/seo.routes.ts': ['content/content-reader.ts'],
    'seo/sitemap.service.ts': ['content/content-reader.ts'],
    'theme/theme.ts': ['pages/page-context.ts'],
  },
  // restock: routes reuse the signups routes' helpers; signups read the catalog repository.
  restock: {
    'mailbox/mailbox.routes.ts': ['signups/signups.routes.ts'],
    'settings/settings.routes.ts': ['signups/signups.routes.ts'],
    'signups/signups.service.ts': ['catalog/catalog.repository.ts'],
  },
};

function allowedOf(service: string): string[] {
  return Object.entries(ALLOWED[service] ?? {})
    .flatMap(([file, targets]) => targets.map((to) => `${file} -> ${to}`))
    .sort();
}

/** `a -> b: why` without its reason. */
const arrow = (line: string) => line.replace(/: [^:]*$/, '');

const SERVICES = servicesIn();

describe('arrows inside a service (services/README.md)', () => {
  it.each(SERVICES)('%s has no arrow pointing back up but the allowed ones', (service) => {
    expect(wrongArrows(service).map(arrow)).toEqual(allowedOf(service));
  });

  it('lists only services that exist, and none for content', () => {
    for (const service of Object.keys(ALLOWED)) expect(SERVICES).toContain(service);
    expect(ALLOWED.content).toBeUndefined();
    expect(wrongArrows('content')).toEqual([]);
  });

  it('finds the arrows it is written to find', () => {
    withScratchService((root, write) => {
      write('app.ts', "import { cartRoutes } from './cart/cart.routes.js';\nimport { seedDemo } from './seed/demo.js';\n");
      write('module.ts', "import { CartRepository } from './cart/cart.repository.js';\n");
      write('tables.ts', '');
      write('seed/demo.ts', "import { insertCart } from '../cart/cart.repository.js';\n");
      write('consumers/paid.consumer.ts', "import type { CartService } from '../cart/cart.service.js';\n");
      write(
        'cart/cart.service.ts',
        "import { findOrder } from '../orders/orders.service.js';\nimport type { ShopDB } from '../tables.js';\nimport { money } from '../shared/money.js';\n",
      );
      write('cart/cart.repository.ts', "import { sql } from 'kysely';\nimport { cartRow } from './rows.js';\n");
      write('cart/rows.ts', '');
      write(
        'orders/orders.service.ts',
        [
          'import {',
          '  insertCart,',
          '  type CartRow,',
          "} from '../cart/cart.repository.js';",
          "import type { CartParts } from '../module.js';",
          "export { cartRoutes } from '../cart/cart.routes.js';",
          "import type { Line } from '../cart/types.js';",
          "import { Item } from '../cart/index.js';",
          "const later = () => import('../cart/rows.js');",
          "type Demo = import('../seed/demo.js').Demo;",
        ].join('\n'),
      );
      write('cart/cart.routes.ts', "import { OrderService } from '../orders/orders.service.js';\n");
      write('cart/types.ts', '');
      write('cart/index.ts', '');
      write('shared/money.ts', "import { rules } from '../domain/rules.js';\nimport type { CartRow } from '../cart/cart.repository.js';\n");
      write('domain/rules.ts', "import {\n  orderTotal,\n} from '../orders/orders.service.js';\n");
      write('migrations/0001_shop.ts', "import { toCents } from '../shared/money.js';\n");
      expect(wrongArrows('shop', root)).toEqual(
        [
          'domain/rules.ts -> orders/orders.service.ts: a low-level file imports a feature',
          'orders/orders.service.ts -> cart/cart.repository.ts: imports cart/ past its services',
          'orders/orders.service.ts -> cart/cart.routes.ts: imports cart/ past its services',
          'orders/orders.service.ts -> cart/rows.ts: imports cart/ past its services',
          'orders/orders.service.ts -> module.ts: imports the outer layer (wiring, consumers, seed)',
          'orders/orders.service.ts -> seed/demo.ts: imports the outer layer (wiring, consumers, seed)',
          'shared/money.ts -> cart/cart.repository.ts: a low-level file imports a feature',
        ].sort(),
      );
    });
  });
});
