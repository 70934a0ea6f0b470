// The engine is a package of its own (issue 42): its source imports only its own modules, Node's
// built-ins and the CLDR libraries, never a service, the platform or the contracts, so the render
// service and the benches can share it and it can be read on its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
const ALLOWED = /^(node:|@phensley\/(cldr|timezone)$)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('template engine package', () => {
  it('imports nothing outside its own src/ but Node and @phensley', () => {
    const problems: string[] = [];
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'/gm)) {
        const spec = m[1]!;
        const rel = path.relative(src, file);
        if (spec.startsWith('.')) {
          if (path.relative(src, path.resolve(path.dirname(file), spec)).startsWith('..')) problems.push(`${rel}: ${spec}`);
        } else if (!ALLOWED.test(spec)) problems.push(`${rel}: ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
