// `npm start`. Until the browser example app lands (issue 7), this runs a console tour of the
// schema layer: it bundles example-app/schema-tour.ts with esbuild and runs it.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'node_modules', '.cache', 'rtk-rest-start');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'schema-tour.cjs');
await build({
  entryPoints: [join(here, 'schema-tour.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile,
  logLevel: 'warning',
  alias: { 'rtk-rest': join(here, '..', 'src', 'index.ts') },
});
const run = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(run.status ?? 1);
