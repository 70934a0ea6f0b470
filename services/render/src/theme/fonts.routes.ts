// The site-styles fonts (contracts' SITE_FONTS), served by render from the Fontsource packages
// installed with it: a stylesheet per font (latin, the weights the theme uses) and its woff2 files.
// Pages name them by path, so no font is ever loaded from another host.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SITE_FONTS, type SiteFont } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';

const require = createRequire(import.meta.url);
const DAY = 'public, max-age=86400';

const isFont = (id: string): id is Exclude<SiteFont, 'system'> => id !== 'system' && Object.hasOwn(SITE_FONTS, id);

/** The folder of a font's files in its Fontsource package. */
function filesOf(id: string): string {
  return path.join(path.dirname(require.resolve(`@fontsource/${id}/package.json`)), 'files');
}

/** A font's @font-face rules (latin, normal style, the weights the theme uses). */
export function fontCss(id: Exclude<SiteFont, 'system'>): string {
  const font = SITE_FONTS[id];
  const family = font.family.split(',')[0] ?? `"${id}"`;
  return font.weights
    .map(
      (weight) =>
        `@font-face{font-family:${family};font-style:normal;font-display:swap;font-weight:${weight};src:url(/_fonts/files/${id}-latin-${weight}-normal.woff2) format("woff2")}`,
    )
    .join('\n');
}

export function fontRoutes(app: ZodApp): void {
  app.get('/_fonts/index.json', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', DAY)
      .send({ fonts: Object.entries(SITE_FONTS).map(([id, font]) => ({ id, label: font.label, family: font.family })) }),
  );

  app.get('/_fonts/:name', { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { name: string }).name;
    const id = name.endsWith('.css') ? name.slice(0, -4) : '';
    if (!isFont(id)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', DAY).type('text/css; charset=utf-8').send(fontCss(id));
  });

  app.get('/_fonts/files/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const match = /^([a-z0-9-]+)-latin-(\d00)-normal\.woff2$/.exec(file);
    const id = match?.[1] ?? '';
    if (!match || !isFont(id) || !SITE_FONTS[id].weights.includes(Number(match[2])))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const body = await readFile(path.join(filesOf(id), file));
    return reply.header('cache-control', DAY).type('font/woff2').send(body);
  });
}
