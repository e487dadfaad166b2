/**
 * Error responses: the JSON bodies of an operation's 4xx, 5xx and `default` responses as one
 * exported type (`GetBookError`), for reading a failed call's body. The library's errors carry
 * the `Response`, so the type narrows what `await error.response.json()` holds.
 */
import type { EmitContext } from './emitOperations';
import { pascalCase, tsdoc } from './names';
import { endpointName } from './plan';
import type { Operation } from './types';
import { union } from './wireType';

/** `export type GetBookError = NotFound | Problem;` for an operation with JSON error bodies, else `''`. */
export function emitErrorType(ctx: EmitContext, op: Operation): string {
  const parts = op.errors.map(({ status, schema }) => ({ status, type: ctx.wire.type(schema), ref: ctx.components.ofRef(schema.$ref)?.dataName }));
  const known = parts.filter((p) => p.type !== 'unknown');
  if (known.length === 0) return '';
  const name = ctx.names.claim(`${pascalCase(endpointName(op, ctx.config))}Error`);
  const statuses = known.map((p) => (p.ref ? `${p.status} \`${p.ref}\`` : p.status)).join(', ');
  const doc = tsdoc(`\`${op.method.toUpperCase()} ${op.path}\` answers these JSON bodies on errors: ${statuses}.`);
  return `${doc}export type ${name} = ${union(known.map((p) => p.type))};`;
}
