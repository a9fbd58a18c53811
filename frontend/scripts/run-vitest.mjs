// Runs the unit tests and closes with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'node_modules', '.tmp', 'vitest-results.json');
mkdirSync(dirname(out), { recursive: true });
rmSync(out, { force: true });
const bin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const res = spawnSync(
  process.execPath,
  [bin, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed =
    (r.numFailedTests ?? 0) +
    (r.numRuntimeErrorTestSuites ?? 0) +
    (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(res.status === 0 && failed === 0 ? 0 : 1);
