/** The programmatic API of rtk-rest-codegen (the CLI is `cli.ts`). */
export { generate, generateToDir, type GenerateResult } from './generate';
export { checkConfig, defineConfig, type CodegenConfig, type OperationFilter } from './config';
export { loadConfig } from './configFile';
export { CodegenError, type Warning } from './errors';
