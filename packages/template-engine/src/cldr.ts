// Locale data for the i18n formatters: @phensley/cldr, the CLDR library the reference engine is
// built on, so numbers, currencies, dates, units and plurals come out exactly as there. Each
// locale's resource pack is read once (synchronously, from the package's own `packs/` folder) and
// its CLDR object kept for the life of the process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CLDRFramework } from '@phensley/cldr';
import type { CLDR } from '@phensley/cldr';

const require = createRequire(import.meta.url);
const packs = path.join(path.dirname(require.resolve('@phensley/cldr/package.json')), 'packs');

const framework = new CLDRFramework({
  loader: (tag: string) => readFileSync(path.join(packs, `${CLDRFramework.resolveLocale(tag).tag.language()}.json`), 'utf8'),
});

const byLocale = new Map<string, CLDR>();
const FALLBACK = 'en';

/** The CLDR API for a locale tag ('en-US', 'de-DE'); an unknown language falls back to English. */
export function cldrFor(locale: string): CLDR {
  let c = byLocale.get(locale);
  if (!c) {
    try {
      c = framework.get(locale);
    } catch {
      c = byLocale.get(FALLBACK) ?? framework.get(FALLBACK);
    }
    if (byLocale.size < 200) byLocale.set(locale, c);
  }
  return c;
}
