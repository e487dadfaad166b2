/** The config: what to generate, and how to name it; checked before use. */
import { CodegenError } from './errors';

/** Which operations to keep, by tag or by `operationId`. */
export interface OperationFilter {
  /** Tags (an operation matches when it has one of them). */
  tags?: string[];
  /** `operationId`s. */
  operations?: string[];
}

/**
 * The options of `rtk-rest-codegen --config <file>` (a JSON file, or a TypeScript module that
 * `export default`s them through `defineConfig`). Every option is optional.
 */
export interface CodegenConfig {
  /**
   * Keep only the operations that match. @default every operation
   * @example { "tags": ["pet", "store"] }
   */
  include?: OperationFilter;
  /** Drop the operations that match (after `include`). @default none */
  exclude?: OperationFilter;
  /**
   * The field that makes a component schema an Entity when it has it. @default "id"
   */
  pkField?: string;
  /**
   * Primary-key fields per component schema; an array is a composite key. Wins over `pkField`
   * and over the schema's `x-rtk-rest-pk` extension.
   * @example { "OrderLine": ["orderId", "line"], "User": "login" }
   */
  pk?: Record<string, string | string[]>;
  /**
   * The Entity of an operation's inline list items (or inline wrapped object), by `operationId`,
   * where the generator does not match them by their fields itself (the description can say the
   * same with `x-rtk-rest-entity` on the inline schema).
   * @example { "getArticles": "Article" }
   */
  inlineEntities?: Record<string, string>;
  /**
   * The URL every endpoint is prefixed with. @default the first server of the description
   * @example "https://api.example.com/v2"
   */
  baseUrl?: string;
  /**
   * Names of generated endpoints by `operationId`, for ids that read badly.
   * @example { "pets_list_v2": "listPets" }
   */
  names?: Record<string, string>;
  /**
   * Let the app choose the URL prefix at run time: `server.ts` exports `setUrlPrefix(url)`, and
   * every endpoint reads the prefix (`baseUrl` until set) whenever it makes a URL or a key. Off,
   * the prefix is a constant: keys can be remembered per arguments, and default names show the
   * whole URL. @default false
   * @example true
   */
  runtimeUrlPrefix?: boolean;
  /**
   * Send the credentials set with `setAuth` with every operation, not only those whose
   * `security` requires them (or whose description says auth is optional, or whose `security`
   * has an empty alternative `{}`: those send them when set anyway). For APIs whose answers
   * depend on who asks while their description declares no security. @default false
   * @example true
   */
  authWhenSet?: boolean;
  /** Appended to an Entity's name to name its resource. @default "Resource" */
  resourceSuffix?: string;
  /** Validate the description against the OpenAPI schema before generating. @default true */
  validate?: boolean;
  /**
   * The file extension of the generated modules' relative imports (`from './models.js'`). An ESM
   * TypeScript project under `module`/`moduleResolution` `nodenext` needs `".js"`; bundler and
   * CommonJS projects need none (`".ts"` needs `allowImportingTsExtensions`). @default ""
   * @example ".js"
   */
  importExtension?: ImportExtension;
}

/** The extensions `importExtension` takes. */
export type ImportExtension = '' | '.js' | '.ts';

const IMPORT_EXTENSIONS: readonly ImportExtension[] = ['', '.js', '.ts'];

const KEYS: readonly (keyof CodegenConfig)[] = ['include', 'exclude', 'pkField', 'pk', 'baseUrl', 'names', 'resourceSuffix', 'validate', 'runtimeUrlPrefix', 'importExtension', 'authWhenSet', 'inlineEntities'];

/**
 * Types a config for editors (completion, TSDoc, unknown options underlined); returns it as is.
 *
 * @example
 * // rtk-rest-codegen.config.ts
 * import { defineConfig } from 'rtk-rest-codegen';
 * export default defineConfig({ baseUrl: process.env.API_URL, include: { tags: ['books'] } });
 */
export function defineConfig(config: CodegenConfig): CodegenConfig {
  return config;
}

/** Checks a config object (from a file or from a test); an unknown key or a wrong type is an error, not a guess. */
export function checkConfig(config: unknown, file = 'config'): CodegenConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new CodegenError(file, '', 'the config must be an object, e.g. { "baseUrl": "https://api.example.com" }');
  }
  for (const key of Object.keys(config)) {
    if ((KEYS as string[]).includes(key)) continue;
    const meant = KEYS.find((k) => k.toLowerCase() === key.toLowerCase().replace(/[-_]/g, ''));
    throw new CodegenError(file, `#/${key}`, `unknown option "${key}"${meant ? ` (did you mean "${meant}"?)` : ''}; the options are ${KEYS.join(', ')}`);
  }
  const c = config as Record<string, unknown>;
  for (const key of ['pkField', 'baseUrl', 'resourceSuffix'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'string') throw new CodegenError(file, `#/${key}`, `"${key}" must be a string`);
  }
  for (const key of ['validate', 'runtimeUrlPrefix', 'authWhenSet'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'boolean') throw new CodegenError(file, `#/${key}`, `"${key}" must be true or false`);
  }
  if (c.importExtension !== undefined && !(IMPORT_EXTENSIONS as unknown[]).includes(c.importExtension)) {
    throw new CodegenError(file, '#/importExtension', `"importExtension" must be one of ${IMPORT_EXTENSIONS.map((e) => `"${e}"`).join(', ')} (".js" for ESM projects under nodenext)`);
  }
  for (const key of ['include', 'exclude'] as const) checkFilter(c[key], file, key);
  for (const [name, value] of Object.entries(objectOption(c.pk, file, 'pk'))) {
    const ok = typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string'));
    if (!ok) throw new CodegenError(file, `#/pk/${name}`, 'a pk is a field name or a non-empty array of field names');
  }
  for (const [name, value] of Object.entries(objectOption(c.inlineEntities, file, 'inlineEntities'))) {
    if (typeof value !== 'string') throw new CodegenError(file, `#/inlineEntities/${name}`, 'the value is the name of an Entity component, e.g. "Article"');
  }
  for (const [name, value] of Object.entries(objectOption(c.names, file, 'names'))) {
    if (typeof value !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(value)) throw new CodegenError(file, `#/names/${name}`, 'a name must be a JavaScript identifier');
  }
  return c as CodegenConfig;
}

function objectOption(value: unknown, file: string, key: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CodegenError(file, `#/${key}`, `"${key}" must be an object`);
  return value as Record<string, unknown>;
}

function checkFilter(value: unknown, file: string, key: string): void {
  for (const [list, names] of Object.entries(objectOption(value, file, key))) {
    if (list !== 'tags' && list !== 'operations') throw new CodegenError(file, `#/${key}/${list}`, `"${key}" takes "tags" and "operations"`);
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new CodegenError(file, `#/${key}/${list}`, 'must be an array of strings');
  }
}
