// Bundles the two apps of the browser benchmark with esbuild, each into its own page: rtk-rest
// from this repository's src/, RTK Query, React and react-redux from node_modules, the harness
// (page.ts) and fake server (data.ts) in both. Production mode (`process.env.NODE_ENV` is
// "production", as an app's build defines it), minified; the profile build is not minified, so
// that function names and esbuild's `// path` comments say where time goes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const browserDir = dirname(fileURLToPath(import.meta.url));

/** The apps, by the page name the driver opens. */
export const APPS = [
  { name: 'rtk-rest', label: 'rtk-rest', entry: join(browserDir, 'rtkRest.tsx') },
  { name: 'rtk-query', label: 'RTK Query', entry: join(browserDir, 'rtkQuery.tsx') },
];

/** Writes `<outDir>/<name>.js` and `<name>.html` for every app; returns the bundles' sizes. */
export async function buildPages(outDir, { minify = true } = {}) {
  mkdirSync(outDir, { recursive: true });
  const sizes = {};
  for (const app of APPS) {
    const outfile = join(outDir, `${app.name}.js`);
    const result = await build({
      entryPoints: [app.entry],
      outfile,
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      jsx: 'automatic',
      minify,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
      metafile: true,
    });
    sizes[app.name] = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes;
    writeFileSync(join(outDir, `${app.name}.html`), `<!doctype html><meta charset="utf-8"><title>${app.label}</title><link rel="icon" href="data:,"><body><script src="${app.name}.js"></script></body>\n`);
  }
  return sizes;
}
