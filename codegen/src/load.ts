/** Reading a description from disk: parsing, `$ref` resolution and validation by swagger-parser. */
import SwaggerParser from '@apidevtools/swagger-parser';
import { CodegenError } from './errors';
import type { JsonSchema } from './types';
import { validateDescription } from './validate';

/**
 * Parses a JSON or YAML description and bundles every external `$ref` into it, keeping internal
 * `$ref`s as they are: the generator needs `#/components/schemas/Pet` to know that a field holds
 * a `Pet`, which a fully dereferenced document would hide. With `validate`, the document is also
 * checked (validate.ts).
 */
export async function loadDescription(file: string, validate: boolean): Promise<JsonSchema> {
  let doc: JsonSchema;
  try {
    // http resolution off: the generator reads files; a remote $ref should be downloaded first.
    doc = (await SwaggerParser.parse(file)) as JsonSchema;
    // Bundling walks every $ref (2 s on GitHub's description): only when a file refers to another.
    if (hasExternalRef(doc)) doc = (await SwaggerParser.bundle(file, { resolve: { http: false } })) as JsonSchema;
  } catch (error) {
    if (/is not a valid Openapi API definition/i.test(messageOf(error))) throw notOpenApi(file);
    throw new CodegenError(file, pointerIn(error), messageOf(error));
  }
  if (typeof doc.openapi !== 'string' && doc.swagger !== '2.0') throw notOpenApi(file);
  if (validate) {
    try {
      await validateDescription(file, doc);
    } catch (error) {
      const [pointer, problem] = error instanceof CodegenError ? [error.pointer, error.problem] : [pointerIn(error), messageOf(error)];
      throw new CodegenError(file, pointer, `${problem}\n(set "validate": false in the config to generate anyway)`);
    }
  }
  return doc;
}

function hasExternalRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRef);
  if (typeof value !== 'object' || value === null) return false;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return true;
  return Object.values(value).some(hasExternalRef);
}

function notOpenApi(file: string): CodegenError {
  return new CodegenError(file, '#/openapi', 'not an OpenAPI 3.x or Swagger 2.0 document: it needs an "openapi" (3.x) or "swagger": "2.0" field');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : String(error);
}

/** swagger-parser's errors carry a JSON path in `path` (ref errors) or in the text (schema errors). */
function pointerIn(error: unknown): string {
  const path = (error as { path?: unknown } | null)?.path;
  if (Array.isArray(path) && path.length > 0) return `#/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  const match = /at (#\/\S+)/.exec(messageOf(error));
  return match?.[1] ?? '';
}
