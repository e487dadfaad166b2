/**
 * Validating a description before generating: every local `$ref` resolves, and the document
 * matches the OpenAPI schema.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { CodegenError, pointerKey } from './errors';
import type { JsonSchema } from './types';

/**
 * swagger-parser's schema check alone. Its `validate` dereferences a copy first and checks the
 * expanded document, several times larger (2 s of a 9 s run on GitHub's description); for 3.x
 * the check is the same on the document as written (Reference objects are valid where a schema
 * is), once the `$ref`s are known to resolve. Not a public module of swagger-parser: when a
 * version moves it, `validate` runs as before.
 */
function schemaCheck(): ((api: unknown) => void) | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
    return require('@apidevtools/swagger-parser/lib/validators/schema') as (api: unknown) => void;
  } catch {
    return undefined;
  }
}

/** Throws when `doc` is not a valid description; errors carry the JSON pointer in `path` or in their text. */
export async function validateDescription(file: string, doc: JsonSchema): Promise<void> {
  const check = doc.swagger === '2.0' ? undefined : schemaCheck();
  // Swagger 2.0 has checks beyond its schema that need the dereferenced document.
  if (!check) {
    await SwaggerParser.validate(structuredClone(doc) as never, { resolve: { http: false } });
    return;
  }
  checkRefs(file, doc);
  check(doc);
}

/** Every local `$ref` points at something (external ones were bundled by then). */
function checkRefs(file: string, doc: JsonSchema): void {
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (typeof value !== 'object' || value === null) return;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && resolve(doc, ref) === undefined) {
      throw new CodegenError(file, pointer, `$ref "${ref}" points at nothing: no ${decodeURIComponent(ref)} in the description`);
    }
    for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${pointerKey(key)}`);
  };
  walk(doc, '#');
}

function resolve(doc: JsonSchema, ref: string): unknown {
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (ref === '#') break;
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    target = typeof target === 'object' && target !== null && Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined;
  }
  return target;
}
