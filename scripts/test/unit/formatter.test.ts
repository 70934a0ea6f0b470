// The formatter runs in CI (issue 42): Prettier with the project's settings checks every
// TypeScript and JavaScript file, and .ci/run fails when one is not formatted.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('the formatter', () => {
  it('is pinned, configured with a line width, and has a check script over the source globs', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.devDependencies.prettier).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts['format:check']).toMatch(/^prettier --check .*\*\*\/\*\.\{ts,tsx,js,mjs,cjs\}/);
    expect(pkg.scripts.format).toMatch(/^prettier --write /);
    const settings = JSON.parse(read('.prettierrc.json')) as { printWidth: number };
    expect(settings.printWidth).toBe(140);
  });

  it('is run by CI before the tests', () => {
    const ci = read('.ci/run');
    const check = ci.indexOf('format:check');
    expect(check).toBeGreaterThan(-1);
    expect(check).toBeLessThan(ci.indexOf('run_tests "real Postgres'));
  });
});
