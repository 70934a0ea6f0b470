// Every service has the layout services/README.md draws (issue 20): the same top-level files,
// feature folders for routes/services/repositories, pure domain/, consumers/, migrations/, and a
// wiring step instead of module-level lookups. Reads the source tree only.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { existsDir, filesUnder, moduleImports, SERVICES_DIR, servicesIn, withScratchService } from './source-tree.js';

const SERVICES = servicesIn();

const TOP_FILES = new Set(['main.ts', 'app.ts', 'module.ts', 'index.ts', 'tables.ts', 'config.ts']);
const REQUIRED_FILES = ['main.ts', 'app.ts', 'module.ts', 'index.ts', 'tables.ts'];
const REQUIRED_DIRS = ['migrations', 'domain', 'consumers'];
/** Folders with a fixed job; every other folder under src/ is a feature folder. */
const FIXED_DIRS = new Set(['migrations', 'domain', 'consumers', 'seed']);
/** What domain/ may import: its own files, the contracts, and node builtins without I/O. */
const PURE_IMPORT = /^(\.\/|@sc\/contracts$|node:(crypto|util|assert|url|path)$)/;
const SQL_IN_ROUTES = /\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bsql`|\bctx\.db\b/;

/** The module specifiers a file imports at run time (`import type` left out). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)) found.push(match[2]!);
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** What is wrong with one service's layout (empty when it conforms). */
function layoutProblems(service: string, root = SERVICES_DIR): string[] {
  const src = path.join(root, service, 'src');
  const problems: string[] = [];
  const top = readdirSync(src, { withFileTypes: true });
  for (const entry of top) {
    if (entry.isFile() && !TOP_FILES.has(entry.name))
      problems.push(`src/${entry.name}: only ${[...TOP_FILES].join(', ')} sit at the top of src/`);
  }
  for (const name of REQUIRED_FILES)
    if (!top.some((entry) => entry.isFile() && entry.name === name)) problems.push(`src/${name} is missing`);
  for (const name of REQUIRED_DIRS)
    if (!top.some((entry) => entry.isDirectory() && entry.name === name)) problems.push(`src/${name}/ is missing`);

  for (const file of filesUnder(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const [first] = rel.split('/');
    const inFixed = rel.includes('/') && FIXED_DIRS.has(first!);
    const base = path.basename(file);
    const source = readFileSync(file, 'utf8');
    if (/\.(routes|repository)\.ts$/.test(base) && (inFixed || !rel.includes('/')))
      problems.push(`src/${rel}: routes and repositories sit in feature folders`);
    if (base.endsWith('.consumer.ts') && first !== 'consumers') problems.push(`src/${rel}: consumers sit in consumers/`);
    if (first === 'consumers' && rel.includes('/') && !base.endsWith('.consumer.ts') && base !== 'index.ts')
      problems.push(`src/${rel}: consumers/ holds only *.consumer.ts`);
    if (base.endsWith('.routes.ts') && SQL_IN_ROUTES.test(source))
      problems.push(`src/${rel}: a routes file runs no SQL and opens no transaction (call a service)`);
    if (first === 'domain' && rel.includes('/')) {
      for (const spec of runtimeImports(source))
        if (!PURE_IMPORT.test(spec)) problems.push(`src/${rel}: domain/ imports ${spec} (pure rules only)`);
    }
    if (/^(const|let|var|export const)\s+\w+\s*(:[^=]+)?=\s*new WeakMap\b/m.test(source))
      problems.push(`src/${rel}: a module-level WeakMap lookup (wire the parts in module.ts)`);
    if (/new WeakMap<\s*object\b/.test(source)) problems.push(`src/${rel}: parts looked up by context (wire them in module.ts)`);
  }
  return problems;
}

/**
 * The imports of one service's tests (its test/ folder, and *.test.ts beside its source) that reach
 * into another service's src/: a test uses another service through its package (@sc/<name>), so
 * moving files inside a service never breaks another service's tests.
 */
function crossServiceTestImports(service: string, root = SERVICES_DIR): string[] {
  const dir = path.join(root, service);
  const tests = [
    ...(existsDir(path.join(dir, 'test')) ? filesUnder(path.join(dir, 'test')) : []),
    ...filesUnder(path.join(dir, 'src')).filter((file) => /\.test\.tsx?$/.test(file)),
  ];
  const problems: string[] = [];
  for (const file of tests) {
    for (const { specifier: spec } of moduleImports(file, readFileSync(file, 'utf8'))) {
      // A relative path is read from the services folder ("content/src/..."), a bare one as written.
      const target = spec.startsWith('.')
        ? path
            .relative(root, path.resolve(path.dirname(file), spec))
            .split(path.sep)
            .join('/')
        : spec;
      const other = (spec.startsWith('.') ? /^([a-z-]+)\/src(?:\/|$)/ : /\bservices\/([a-z-]+)\/src(?:\/|$)/).exec(target)?.[1];
      if (other && other !== service)
        problems.push(
          `${service}/${path.relative(dir, file).split(path.sep).join('/')}: imports ${spec} (another service's source; use its package)`,
        );
    }
  }
  return problems;
}

describe('service layout (services/README.md)', () => {
  it('knows all seven services', () => {
    expect(SERVICES.sort()).toEqual(['analytics', 'cart', 'content', 'forms', 'identity', 'render', 'restock']);
  });

  it.each(SERVICES)('%s has the one layout', (service) => {
    expect(layoutProblems(service)).toEqual([]);
  });

  it('finds the problems it is written to find', () => {
    withScratchService((root, write) => {
      for (const name of ['main.ts', 'app.ts', 'index.ts', 'tables.ts']) write(name, '');
      write('cart.service.ts', '');
      write('migrations/index.ts', '');
      write('consumers/catalog.consumer.ts', '');
      write(
        'domain/totals.ts',
        "import { sql } from 'kysely';\nimport { x } from '../cart/cart.service.js';\nimport type { Kysely } from 'kysely';\n",
      );
      write('cart/cart.routes.ts', 'export const r = (ctx) => ctx.db.transaction().execute(async () => 1);\n');
      write('cart/stock.consumer.ts', '');
      write('domain/cart.repository.ts', '');
      write('cart/lookup.ts', 'const parts = new WeakMap<object, number>();\n');
      expect(layoutProblems('shop', root).sort()).toEqual(
        [
          'src/cart.service.ts: only main.ts, app.ts, module.ts, index.ts, tables.ts, config.ts sit at the top of src/',
          'src/module.ts is missing',
          'src/cart/cart.routes.ts: a routes file runs no SQL and opens no transaction (call a service)',
          'src/cart/stock.consumer.ts: consumers sit in consumers/',
          'src/domain/cart.repository.ts: routes and repositories sit in feature folders',
          'src/domain/totals.ts: domain/ imports kysely (pure rules only)',
          'src/domain/totals.ts: domain/ imports ../cart/cart.service.js (pure rules only)',
          'src/cart/lookup.ts: a module-level WeakMap lookup (wire the parts in module.ts)',
          'src/cart/lookup.ts: parts looked up by context (wire them in module.ts)',
        ].sort(),
      );
    });
  });
});

describe("services' tests import no other service's source", () => {
  it.each(SERVICES)('%s', (service) => {
    expect(crossServiceTestImports(service)).toEqual([]);
  });

  it('finds imports over several lines, type imports, re-exports and dynamic imports, not comments', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'layout-imports-'));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      write('shop/src/index.ts', '');
      write(
        'shop/test/kit.ts',
        [
          "import {\n  ItemService,\n  type Item,\n} from '../../catalog/src/items.service.js';",
          "import { buildApp } from '@sc/catalog';",
          "import { own } from '../src/index.js';",
        ].join('\n'),
      );
      write(
        'shop/test/types.test.ts',
        "import type { CatalogDB } from '../../catalog/src/tables.js';\n// import { x } from '../../catalog/src/old.js';\n/* import '../../catalog/src/older.js'; */\n",
      );
      write(
        'shop/test/unit/lazy.test.ts',
        "const m = await import('../../../catalog/src/app.js');\nexport * from '../../../catalog/src/all.js';\n",
      );
      write('shop/src/cart.test.ts', "import { x } from '../../catalog/src/x.js';\n");
      expect(crossServiceTestImports('shop', root).sort()).toEqual(
        [
          "shop/test/kit.ts: imports ../../catalog/src/items.service.js (another service's source; use its package)",
          "shop/test/types.test.ts: imports ../../catalog/src/tables.js (another service's source; use its package)",
          "shop/test/unit/lazy.test.ts: imports ../../../catalog/src/all.js (another service's source; use its package)",
          "shop/test/unit/lazy.test.ts: imports ../../../catalog/src/app.js (another service's source; use its package)",
          "shop/src/cart.test.ts: imports ../../catalog/src/x.js (another service's source; use its package)",
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
