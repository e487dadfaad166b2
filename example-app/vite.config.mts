import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The example app imports only the public entry points; inside the repo they resolve to src/. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^rtk-rest$/, replacement: src('index.ts') },
      { find: /^rtk-rest\/react$/, replacement: src('react/index.ts') },
    ],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
