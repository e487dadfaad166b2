/**
 * Reading the `--config` file: JSON, or a TypeScript / JavaScript module whose default export is
 * the config (`rtk-rest-codegen.config.ts`, written with `defineConfig`).
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { createJiti } from 'jiti';
import { checkConfig, type CodegenConfig } from './config';
import { CodegenError } from './errors';

const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/**
 * Reads and checks a config file. A `.json` file is parsed; a `.ts`, `.mts`, `.cts`, `.js`,
 * `.mjs` or `.cjs` file is loaded with jiti (TypeScript compiled in memory, ESM or CommonJS, no
 * build step), and its default export checked like a JSON config.
 */
export async function loadConfig(file: string): Promise<CodegenConfig> {
  if (!MODULE_EXTENSIONS.has(extname(file).toLowerCase())) return checkConfig(readJson(file), file);
  const loaded = await loadModule(file);
  if (typeof loaded !== 'object' || loaded === null || !('default' in loaded)) {
    throw new CodegenError(file, '', 'the config file has no default export; write `export default defineConfig({ … })` (defineConfig from \'rtk-rest-codegen\')');
  }
  return checkConfig(loaded.default, file);
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CodegenError(file, '', `cannot read the config: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CodegenError(file, '', `cannot read the config: ${(error as Error).message}\nfix the JSON, or name a .ts file for a TypeScript config`);
  }
}

async function loadModule(file: string): Promise<unknown> {
  // `rtk-rest-codegen` in the config names this running generator, so `defineConfig` resolves
  // even where the command runs through npx without a local install. No caches: a config is
  // read once per run, and an edited one must never be served stale.
  const jiti = createJiti(__filename, { moduleCache: false, fsCache: false, interopDefault: false, alias: { 'rtk-rest-codegen': join(__dirname, 'index') } });
  try {
    readFileSync(file);
  } catch (error) {
    throw new CodegenError(file, '', `cannot read the config: ${(error as Error).message}`);
  }
  try {
    return await jiti.import(file);
  } catch (error) {
    const message = (error instanceof Error ? error.message.trim() : String(error)).replace(/^Error: /, '');
    throw new CodegenError(file, '', `cannot load the config: ${message}\nfix the file: it must run as a module and \`export default\` the config`);
  }
}
