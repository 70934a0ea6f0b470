// A theme is a folder of templates in the template language: `site.region` (the layout around
// every page, which includes `main-content`), one template per page (`products.list`,
// `blog.item`, `not-found.page`, ...), partials under `blocks/` and `theme.css`. Everything is
// read and compiled once when the service starts; a template that does not parse stops the start.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type CompiledTemplate, type RenderOptions } from '@sc/template-engine';
import type { TemplateName } from '../pages/page-context.js';

/** The default theme shipped with the service. */
export const DEFAULT_THEME_DIR = fileURLToPath(new URL('../../themes/default/', import.meta.url));

const FILES: Record<TemplateName, string> = {
  'products.list': 'products.list',
  'products.item': 'products.item',
  'blog.list': 'blog.list',
  'blog.item': 'blog.item',
  'events.list': 'events.list',
  'events.item': 'events.item',
  'gallery.list': 'gallery.list',
  'gallery.item': 'gallery.item',
  page: 'page.page',
  search: 'search.page',
  cart: 'cart.page',
  'not-found': 'not-found.page',
  error: 'error.page',
  'lessons.list': 'lessons.list',
  'lessons.item': 'lessons.item',
  'access-denied': 'access-denied.page',
  members: 'members.page',
};

export interface ThemeOutput {
  html: string;
  errors: unknown[];
}

export class Theme {
  readonly #layout: CompiledTemplate;
  readonly #partials: ReadonlyMap<TemplateName, Record<string, string>>;
  /** The stylesheet and the path it is served at (its digest in the name, so it can be cached for ever). */
  readonly css: { path: string; body: string };

  private constructor(layout: CompiledTemplate, partials: ReadonlyMap<TemplateName, Record<string, string>>, css: string) {
    this.#layout = layout;
    this.#partials = partials;
    this.css = { path: `/_theme/theme.${createHash('sha1').update(css).digest('hex').slice(0, 10)}.css`, body: css };
  }

  /** Reads and compiles a theme folder; throws when a template has a parse error. */
  static load(dir: string = DEFAULT_THEME_DIR): Theme {
    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    const problems: string[] = [];
    const check = (name: string, source: string) => {
      for (const error of compile(source).errors) problems.push(`${name}: ${error.message}`);
    };
    const blocks: Record<string, string> = {};
    for (const file of readdirSync(path.join(dir, 'blocks'))
      .filter((f) => f.endsWith('.block'))
      .sort()) {
      blocks[file] = read(path.join('blocks', file));
      check(file, blocks[file]);
    }
    const layoutSource = read('site.region');
    check('site.region', layoutSource);
    const partials = new Map<TemplateName, Record<string, string>>();
    for (const [name, file] of Object.entries(FILES) as Array<[TemplateName, string]>) {
      const source = read(file);
      check(file, source);
      partials.set(name, { ...blocks, 'main-content': source });
    }
    if (problems.length > 0) throw new Error(`The theme in ${dir} does not parse: ${problems.join('; ')}`);
    return new Theme(compile(layoutSource), partials, read('theme.css'));
  }

  readonly #fragments = new Map<string, CompiledTemplate>();

  /**
   * Renders one partial of a page's template on its own (the page editor's preview of a changed
   * block): `{.section key}{.include partial output}{.end}` over the page's context with `value` at `key`,
   * so the partial sees the same surroundings as inside the whole page.
   */
  renderPartial(
    template: TemplateName,
    partial: string,
    context: Record<string, unknown>,
    value: unknown,
    options: Omit<RenderOptions, 'partials'> = {},
  ): ThemeOutput {
    const key = 'partialValue';
    let compiled = this.#fragments.get(partial);
    if (!compiled) {
      compiled = compile(`{.section ${key}}{.include ${partial} output}{.end}`);
      this.#fragments.set(partial, compiled);
    }
    const result = compiled.render({ ...context, [key]: value }, { ...options, partials: this.#partials.get(template) ?? {} });
    return { html: result.output, errors: result.errors };
  }

  /** Renders a page: the layout around the page's template. */
  render(template: TemplateName, context: unknown, options: Omit<RenderOptions, 'partials'> = {}): ThemeOutput {
    const result = this.#layout.render(context, { ...options, partials: this.#partials.get(template) ?? {} });
    return { html: result.output, errors: result.errors };
  }
}
