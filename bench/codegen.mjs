// The codegen benchmark, from the root: rtk-rest-codegen and @rtk-query/codegen-openapi on
// GitHub's full description — generation time, and `tsc --strict` time on each generated client.
// The generator is its own package (codegen/, own dependencies), so the benchmark lives there
// (codegen/bench/github.mjs); this entry point builds the generator and runs it.
//   node bench/codegen.mjs            (RUNS=3 node bench/codegen.mjs for the best of 3)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODEGEN = join(dirname(fileURLToPath(import.meta.url)), '../codegen');

if (!existsSync(join(CODEGEN, 'node_modules/@octokit/openapi'))) {
  console.error('[bench] codegen/ has no dependencies installed: run `npm ci --prefix codegen` first (GitHub\'s description and @rtk-query/codegen-openapi come with them).');
  process.exit(1);
}
for (const [command, args] of [
  ['npm', ['run', 'build', '--prefix', CODEGEN]],
  [process.execPath, [join(CODEGEN, 'bench/github.mjs')]],
]) {
  const run = spawnSync(command, args, { stdio: 'inherit', cwd: CODEGEN });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
