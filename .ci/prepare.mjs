// The `prepare` script: builds dist/ when the package is installed from a git URL or
// a local clone (`npm install git+https://…`, `npm install git+file:///path/to/rtk-rest`). npm
// then installs the clone's dependencies and runs `prepare` before it packs the clone; without
// a build the installed package would have no dist/ at all.
//
// npm also runs `prepare` in this repo on `npm ci` and `npm install`, where nothing reads dist/
// (the tests, the example app and the docs use src/; CI builds in its own step): `npm ci` skips
// it so the quick start and CI are not slowed down, and an existing dist/ is kept (npm runs
// `prepare` twice while installing a git dependency; CI packs what its build step built).
// `npm pack` without dist/ builds it first. `npm run build` rebuilds at any time.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.npm_command === 'ci') {
  console.error('prepare: npm ci, dist/ not built (run `npm run build` to build it)');
} else if (existsSync(join(root, 'dist/index.d.ts'))) {
  console.error('prepare: dist/ is already built (run `npm run build` to rebuild it)');
} else {
  // All output on stderr: `npm pack --json` prints its JSON on stdout after this script.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['inherit', 2, 'inherit'], shell: process.platform === 'win32' });
}
