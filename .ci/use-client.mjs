//   node .ci/use-client.mjs [outDir]
// tsup's onSuccess step: marks the built `rtk-rest/react` and `rtk-rest/next` entries as client code for React Server
// Components bundlers ('use client' must be the file's first statement). esbuild and Rollup drop
// module-level directives while bundling (Rollup warns), so the directive is added to the output.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The output directory may be given (a test builds elsewhere); by default the package's dist/.
const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
for (const file of ['react/index.mjs', 'react/index.js', 'next/index.mjs', 'next/index.js']) {
  const path = join(dist, file);
  const code = readFileSync(path, 'utf8');
  if (!code.startsWith("'use client';")) writeFileSync(path, `'use client';\n${code}`);
}

// The react-server entry of `rtk-rest/react` re-exports, from the 'use client' entry, the
// components a Server Component renders with plain props: an RSC bundler makes them client
// references (it never evaluates that entry on the server). Added here, not in
// src/react/server.ts, because the bundler would inline the import and lose the directive.
// CommonJS reads them lazily: Node without a bundler (a test, a script) can still load the entry.
const components = ['AsyncBoundary', 'HydrateRest'];
const reexports = {
  'react/server.mjs': `export { ${components.join(', ')} } from './index.mjs';\n`,
  'react/server.js': components.map((name) => `Object.defineProperty(exports, '${name}', { enumerable: true, get: () => require('./index.js').${name} });\n`).join(''),
};
for (const [file, code] of Object.entries(reexports)) {
  const path = join(dist, file);
  const built = readFileSync(path, 'utf8');
  if (!built.includes(code)) writeFileSync(path, built + code);
}
