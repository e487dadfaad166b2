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
