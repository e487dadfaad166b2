#!/usr/bin/env node
/** `rtk-rest-codegen <openapi.(json|yaml)> --out <dir> [--config <file>]` */
import { parseArgs } from 'node:util';
import { checkConfig } from './config';
import { loadConfig } from './configFile';
import { CodegenError } from './errors';
import { generateToDir } from './generate';

const USAGE = 'usage: rtk-rest-codegen <openapi.(json|yaml)> --out <dir> [--config <file>] [--import-extension .js]';

/** Runs the command with `argv` (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[], log: (line: string) => void = console.error): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' }, config: { type: 'string' }, 'import-extension': { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    log(`[rtk-rest-codegen] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !values.out) {
    log(`[rtk-rest-codegen] ${positionals.length !== 1 ? 'give exactly one description file' : '--out <dir> is required'}\n${USAGE}`);
    return 2;
  }
  try {
    const loaded = values.config ? await loadConfig(values.config) : {};
    // The flag wins over the config file, and is checked like it.
    const ext = values['import-extension'];
    const config = ext === undefined ? loaded : checkConfig({ ...loaded, importExtension: ext }, '--import-extension');
    const { files, warnings } = await generateToDir(positionals[0]!, values.out, config);
    for (const w of warnings.list) log(`warning ${w.pointer}: ${w.message}`);
    for (const line of warnings.inferred) log(`inferred ${line}: the config's "pk" chooses another key`);
    log(`[rtk-rest-codegen] wrote ${Object.keys(files).length} files to ${values.out} (${warnings.summary()})`);
    return 0;
  } catch (error) {
    log(error instanceof CodegenError ? error.message : `[rtk-rest-codegen] ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
