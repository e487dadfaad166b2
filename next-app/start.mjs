// `npm run start:next`: builds rtk-rest, installs this app against the build, builds the app with
// `next build`, then starts the example REST server and `next start`. PORT (default 3000) is
// the app's, API_PORT (default 3001) the REST server's; HOST defaults to 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const host = process.env.HOST ?? '127.0.0.1';
const port = portOf('PORT', 3000);
const apiPort = portOf('API_PORT', 3001);

function portOf(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (Number.isInteger(value) && value > 0 && value <= 65535) return value;
  console.error(`${name} must be a port number (1-65535), got ${JSON.stringify(process.env[name])}`);
  process.exit(1);
}

const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });

console.log('Building rtk-rest…');
run('npm', ['run', 'build', '--silent']);
// The app installs rtk-rest as a copy of the build (install-links in next-app/.npmrc, as a user
// installs the published package): a fresh `npm ci` takes the build just made.
console.log('Installing the Next.js example against it…');
run('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund', '--loglevel=error']);
console.log('Building the Next.js example…');
run(process.execPath, [join(here, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], here);

const cacheDir = join(root, 'node_modules', '.cache', 'rtk-rest-start');
mkdirSync(cacheDir, { recursive: true });
const serverFile = join(cacheDir, 'server.cjs');
await bundle({ entryPoints: [join(root, 'example-app', 'server', 'index.ts')], bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', outfile: serverFile, logLevel: 'warning' });
const { startServer } = createRequire(import.meta.url)(serverFile);
let api;
try {
  api = await startServer({ port: apiPort, host });
} catch (error) {
  console.error(error?.code === 'EADDRINUSE' ? `Port ${apiPort} is in use. Start the REST server on another one: API_PORT=3002 npm run start:next` : error);
  process.exit(1);
}

const next = spawn(process.execPath, [join(here, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '--port', String(port), '--hostname', host], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, API_URL: api.url, NEXT_TELEMETRY_DISABLED: '1' },
});
console.log(`\nrtk-rest Next.js example: http://${host}:${port}  (REST server at ${api.url}; log in as ada / password; Ctrl+C stops)`);
const stop = () => {
  next.kill('SIGTERM');
  api.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
next.on('exit', (code) => api.close().then(() => process.exit(code ?? 0)));
