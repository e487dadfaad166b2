// `npm start`: builds the example app with Vite, bundles its REST server with esbuild, and serves
// both on one port (PORT, default 3000; HOST, default 127.0.0.1). Needs nothing beyond `npm ci`.
import { build as bundle } from 'esbuild';
import { build as buildApp } from 'vite';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0-65535), got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

console.log('Building the example app…');
await buildApp({ configFile: join(here, 'vite.config.mts'), logLevel: 'warn' });

const cacheDir = join(root, 'node_modules', '.cache', 'rtk-rest-start');
mkdirSync(cacheDir, { recursive: true });
const serverFile = join(cacheDir, 'server.cjs');
await bundle({
  entryPoints: [join(here, 'server', 'index.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  outfile: serverFile,
  logLevel: 'warning',
});

const { startServer } = createRequire(import.meta.url)(serverFile);
try {
  const server = await startServer({ port, host, staticDir: join(here, 'dist') });
  console.log(`\nrtk-rest example: ${server.url}  (API under ${server.url}/api; log in as ada / password; Ctrl+C stops)`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error?.code === 'EADDRINUSE' ? `Port ${port} is in use. Start on another one: PORT=3001 npm start` : error);
  process.exit(1);
}
