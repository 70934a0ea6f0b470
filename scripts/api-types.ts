// `pnpm api:types`: regenerates web/src/api/schema.d.ts from the services' OpenAPI documents.
// `pnpm api:types --check`: fails when the committed file is not what the routes generate.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from '@sc/platform';
import { API_TYPES_FILE, apiTypesOf, buildApiDocument } from './api-document.js';

await runMain(async () => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', API_TYPES_FILE);
  const types = await apiTypesOf(await buildApiDocument());
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      // missing counts as out of date
    }
    if (committed !== types) throw new Error(`${API_TYPES_FILE} is out of date: run \`pnpm api:types\` and commit it.`);
    process.stdout.write(`${API_TYPES_FILE} is up to date.\n`);
    return;
  }
  writeFileSync(file, types);
  process.stdout.write(`wrote ${API_TYPES_FILE}\n`);
});
