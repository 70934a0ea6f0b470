// The web app's build, in two passes into the same folder: the owner admin app (config.html,
// served by the gateway under /config) and the storefront islands (one entry per island name,
// which is how render's asset manifest, dist/.vite/manifest.json, finds the scripts a page needs).
// They are built apart so that the islands share no chunk with the admin app: the admin app uses
// zod, and a chunk shared with it would put zod on every product page. Hashed files land in
// dist/assets, which the gateway serves with a year-long cache.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minify } from '@swc/core';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Vite's helper that preloads a lazy chunk's imports is left out (with modulePreload off it only
 * wraps each import()); what a product page needs at once is preloaded by render's link tags.
 */
function tinyPreload(): Plugin {
  return {
    name: 'sc-tiny-preload',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'storefront',
    resolveId(id) {
      return id === '\0vite/preload-helper.js' ? id : null;
    },
    load(id) {
      return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}

/**
 * The storefront's islands run on Preact through preact/compat (React's API in about 8 kB gzipped
 * instead of React DOM's 67 kB), in this build only: the admin app keeps React. The islands are
 * written against React's types and API; what Preact does differently is kept out of them (focus
 * and blur do not bubble in Preact, so a form that follows focus inside it listens to focusin and
 * focusout itself: forms/FormBlock.tsx). Issue 38's budgets (home ≤ 30 kB, product ≤ 60 kB of
 * JavaScript, test/page-weight.test.ts) rest on this. `react` itself is src/storefront/lib/react-on-preact.ts:
 * preact/compat with ids unique on the page.
 */
function preactIslands(): Plugin {
  const aliases: Record<string, string> = {
    react: path.resolve(import.meta.dirname, 'src/storefront/lib/react-on-preact.ts'),
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  };
  return {
    name: 'sc-preact-islands',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'storefront',
    resolveId(id, importer, options) {
      const target = aliases[id];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * A second minification of the product page's chunk by SWC (whole-chunk name mangling, two
 * passes): about 7 % smaller after gzip than the built-in minifier's output alone, which matters
 * with the budget this chunk lives in. Preact's chunk is left as it is (published minified).
 * It runs on the finished chunk, after the built-in minifier: run before it (in renderChunk), the
 * built-in minifier took SWC's output for side-effect free in places and dropped calls such as
 * the cart's first load (`cartStore.load()` in boot), leaving the add-to-cart button hidden.
 */
function squeezeProductPage(): Plugin {
  return {
    name: 'sc-squeeze-product-page',
    applyToEnvironment: (environment) => environment.name === 'storefront',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== 'storefront') continue;
        const out = await minify(chunk.code, { module: true, compress: { passes: 2 }, mangle: { toplevel: true }, sourceMap: false });
        chunk.code = out.code;
      }
    },
  };
}

/**
 * The contracts are declarations: their top-level constants build zod schemas and lookup tables
 * and touch nothing else. Marking every call in those initializers pure lets the islands' build
 * drop each schema it does not use (and zod with them), keeping the messages, rules and money
 * formatting it does. The admin build does it too: each of its lazily loaded areas keeps only the
 * schemas it uses, and its shell (sign-in, layout, overview) only the enums and messages.
 */
function pureContracts(): Plugin {
  type Node = { type: string; start: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  /** Start offsets of the calls in an initializer, not looking into function bodies. */
  const calls = (node: Node, out: number[]) => {
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') out.push(node.start);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) if (isNode(child)) calls(child, out);
      if (isNode(value)) calls(value, out);
    }
  };
  return {
    name: 'sc-pure-contracts',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const starts: number[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) if (isNode(declarator.init)) calls(declarator.init, starts);
      }
      let out = code;
      for (const at of [...new Set(starts)].sort((a, b) => b - a)) out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * Tailwind CSS (the admin app's design system, src/admin/ds.css) runs for the admin build only: the
 * storefront's islands and theme never see it.
 */
function adminTailwind(): Plugin[] {
  return tailwindcss().map((plugin) => ({ ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }));
}

/** Island name → its entry (render looks entries up by `name`). */
const ISLAND_ENTRIES = {
  'product-form': 'src/storefront/islands/product-form.ts',
  'cart-pill': 'src/storefront/islands/cart-pill.ts',
  'installment-pill': 'src/storefront/islands/installment-pill.ts',
  'restock-form': 'src/storefront/islands/restock-form.ts',
  'product-reviews': 'src/storefront/islands/product-reviews.ts',
  newsletter: 'src/storefront/islands/newsletter.ts',
  'cart-page': 'src/storefront/islands/cart-page.ts',
  form: 'src/storefront/islands/form.ts',
  donation: 'src/storefront/islands/donation.ts',
  // Site features (comments, likes, member areas, lessons, popups) use the same start.
  comments: 'src/features/comments/entry.ts',
  'like-button': 'src/features/likes/entry.ts',
  'member-access': 'src/features/members/entry.ts',
  'lesson-tracking': 'src/features/lessons/entry.ts',
  'popup-overlay': 'src/features/popup/entry.ts',
};

/** The admin build's manifest, merged into the islands' one at the end. */
const ADMIN_MANIFEST = 'admin-manifest.json';

/**
 * The modules a product page runs at once (the rest are loaded by the islands when needed; the
 * variant's picture, price and badge, product/variant-display, with the shopper's first choice).
 */
const PRODUCT_PAGE_MODULES =
  /rolldown[:/\\]runtime|[\\/](web[\\/]src[\\/]storefront[\\/](boot|lib[\\/](dom|http|cart-store|events|hooks|render|paths|visible)|product[\\/](ProductForm|rules|button-machine|mount)|pill[\\/]|installments[\\/](installments|InstallmentPill|mount)|restock[\\/]mount|reviews[\\/]mount|tracking[\\/](start|census|error-reporter|performance))|packages[\\/]contracts[\\/]src[\\/](messages|money-format|currencies|enums|analytics)\.ts$)/;

export default defineConfig({
  plugins: [react(), adminTailwind(), preactIslands(), pureContracts(), tinyPreload(), squeezeProductPage()],
  // Workspace packages are used from their TypeScript source, as everywhere else.
  resolve: { conditions: ['@sc/source', 'module', 'browser', 'development|production'] },
  base: '/',
  builder: {
    // The admin app first (it empties the folder), then the islands beside it; then one manifest
    // with both (render looks up islands in it, tools look up config.html).
    buildApp: async (builder) => {
      const { client, storefront } = builder.environments;
      if (!client || !storefront) throw new Error('the client and storefront environments are both needed');
      await builder.build(client);
      await builder.build(storefront);
      const dir = path.resolve(storefront.config.root, storefront.config.build.outDir, '.vite');
      const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...read(ADMIN_MANIFEST), ...read('manifest.json') }, null, 2));
      rmSync(path.join(dir, ADMIN_MANIFEST));
    },
  },
  build: { outDir: 'dist' },
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        manifest: `.vite/${ADMIN_MANIFEST}`,
        rollupOptions: {
          input: { config: 'config.html' },
          // The admin app is split by area (src/admin/routes.tsx); React (with the bundler's
          // runtime) and zod get chunks of their own, which change rarely and stay cached while
          // the app's own chunks change. zod loads with the shell: the contracts' enum modules
          // the shell needs also hold schemas the areas use.
          // Hashes in hexadecimal, the islands' in base 64 (the default): both builds write into
          // one folder, and a chunk with the same name and content in both (the bundler's runtime, a
          // module of messages) would otherwise be one file that storefront pages and the admin app
          // share. Still eight characters, which the gateway's long cache recognises.
          output: {
            hashCharacters: 'hex',
            codeSplitting: {
              groups: [
                { name: 'react', test: /rolldown[:/\\]runtime|[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
                // The rich-text editor (Tiptap on ProseMirror), which only editing screens load: on
                // its own it stays cached across releases, and the page editor's chunk stays under
                // the bundler's 500 kB warning.
                {
                  name: 'rich-text',
                  test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    storefront: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        manifest: true,
        // Render emits the preload links of what a page needs at once; the few lazy chunks import
        // what they need themselves (no preload helper in the product page's budget).
        modulePreload: false,
        // The storefront's budget (60 kB gzipped on a product page, test/page-weight.test.ts) leaves no room
        // for zod: the contracts' schemas are built by top-level zod calls, which are pure, so say
        // so and the islands keep only the messages, rules and money formatting they use.
        rollupOptions: {
          input: ISLAND_ENTRIES,
          // Boot imports the newsletter island lazily for blocks whose page names no entry; that
          // its entry also imports it is the point, not a mistake.
          onLog(level, log, handler) {
            if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
          },
          // No `manualPureFunctions: ['z']` (zod's calls are pure by pureContracts already): it marks
          // every call of a function named z as pure, and Preact's published build is minified, so
          // its z (setting one style property, among others) was dropped: the captcha badge lost
          // its visibility style and focus was not given back after a lightbox. Same size without.
          treeshake: { propertyReadSideEffects: false },
          output: {
            // Few files load faster and compress better than many small ones: Preact in one chunk
            // (it changes rarely, so browsers keep it), what a product page needs at once in another;
            // everything else (cart page, forms, dialogs, tracking) loads when it is used.
            codeSplitting: {
              groups: [
                { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 2 },
                { name: 'storefront', test: PRODUCT_PAGE_MODULES, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
