// The default theme: every template parses, and a theme that does not parse stops the start.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_THEME_DIR, Theme } from '../../src/theme/theme.js';

describe(Theme.name, () => {
  it('loads the default theme and serves its stylesheet under a digest path', () => {
    const theme = Theme.load();
    expect(theme.css.path).toMatch(/^\/_theme\/theme\.[0-9a-f]{10}\.css$/);
    expect(theme.css.body).toContain('@media (max-width: 432px)');
  });

  it('refuses a theme whose template does not parse, naming the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'render-theme-'));
    try {
      cpSync(DEFAULT_THEME_DIR, dir, { recursive: true });
      writeFileSync(path.join(dir, 'blog.item'), '{.section item}{title|no-such-formatter}{.end}');
      expect(() => Theme.load(dir)).toThrow(/blog\.item: .*no-such-formatter/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
