// Fails when src/lib/api/schema.d.ts is not what openapi-typescript makes of
// src/lib/api/openapi.json (itself checked against the server by the Rust test
// `openapi::the_frontends_copy_of_the_document_is_current`). Fix: `make api-types`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
const out = join(dir, 'schema.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', 'src/lib/api/openapi.json', '-o', out], { stdio: 'ignore' });
  execFileSync('npx', ['prettier', '--config', '.prettierrc', '--write', out], { stdio: 'ignore' });
  const fresh = readFileSync(out, 'utf8');
  const committed = readFileSync('src/lib/api/schema.d.ts', 'utf8');
  if (fresh !== committed) {
    console.error('src/lib/api/schema.d.ts is stale: run `make api-types`.');
    process.exit(1);
  }
  console.log('API types are current: 1 passed, 0 failed');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
