// The first command's Node check (scripts/node-check.mjs): one line saying which Node and how.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { MIN_NODE_MAJOR, nodeTooOld } from '../../node-check.mjs';

describe('nodeTooOld', () => {
  it('says nothing on a supported Node', () => {
    expect(nodeTooOld('v22.0.0')).toBeUndefined();
    expect(nodeTooOld('v24.21.0')).toBeUndefined();
  });

  it('names the version needed, the one found and a command that works with npm alone, in one line', () => {
    const line = nodeTooOld('v20.20.2', 'pnpm start');
    expect(line).toBe(
      'This needs Node.js 22 or newer, and this is Node.js 20.20.2. Install Node.js 24 (nodejs.org, or `nvm install` here), or run it with one from npm: npx -y -p node@24 -p pnpm@10.34.9 -- pnpm start',
    );
    expect(line).not.toContain('\n');
  });

  it('agrees with package.json engines and the pinned pnpm', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
      packageManager: string;
    };
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
    expect(nodeTooOld('v1.0.0')).toContain(pkg.packageManager);
  });
});
