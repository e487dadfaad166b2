/** The programmatic API of rtk-rest-codegen (the CLI is `cli.ts`). */
export { generate, generateToDir, type GenerateResult } from './generate';
export { checkConfig, loadConfig, type CodegenConfig, type OperationFilter } from './config';
export { CodegenError, type Warning } from './errors';
