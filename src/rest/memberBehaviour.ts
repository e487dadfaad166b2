import { getOwn, setOwn } from '../internal/own';
import { AbortOptimistic } from './errors';
import { compilePath } from './path';
import type { CompiledPath } from './path';
import { looksLikeHtml } from './request';
import { splitArgs } from './RestEndpoint';
import type { RestEndpoint } from './RestEndpoint';
import type { OptimisticSnapshot, StoreEndpoint } from './types';

/** The URL parameters the member's template names; search parameters excluded (see docs/concepts.md#resources). */
export function pathParamsOf(compiled: CompiledPath, urlParams: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name } of compiled.params) {
    const value = getOwn(urlParams, name);
    if (value !== undefined) setOwn(out, name, value); // a parameter named __proto__ stays a field
  }
  return out;
}

/** The URL parameters a call's template names (search parameters excluded), as `pathParamsOf`. */
export function endpointPathParams(endpoint: StoreEndpoint, args: readonly unknown[]): Record<string, unknown> {
  return pathParamsOf(compilePath(endpoint.path), splitArgs(endpoint, args).urlParams);
}

/** A body as an object: FormData entries (last value wins, files dropped), objects as they are. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const out: Record<string, unknown> = {};
    body.forEach((value, key) => {
      if (typeof value === 'string') out[key] = value;
    });
    return out;
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The sent fields (update's, and each created item's) over the call's path parameters. */
function sentFields(endpoint: RestEndpoint, compiled: CompiledPath, args: readonly unknown[]): Record<string, unknown> {
  const { urlParams, body } = splitArgs(endpoint, args);
  return { ...pathParamsOf(compiled, urlParams), ...bodyObject(body) };
}

function isEmptyAnswer(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
}

type Process = (this: RestEndpoint, value: any, ...args: any[]) => any;

/** update / partialUpdate: an empty answer stands for the sent fields (see docs/concepts.md#resources). */
export function fallbackToSent(compiled: CompiledPath, inner: Process): Process {
  return function (this: RestEndpoint, value: unknown, ...args: unknown[]) {
    if (value === null || value === undefined) value = sentFields(this, compiled, args);
    return inner.call(this, value, ...args);
  };
}

/** delete: an empty answer (204, `null`, `{}`) stands for the URL parameters (see docs/concepts.md#resources). */
export function fallbackToParams(compiled: CompiledPath, inner: Process): Process {
  return function (this: RestEndpoint, value: unknown, ...args: unknown[]) {
    if (isEmptyAnswer(value)) value = pathParamsOf(compiled, splitArgs(this, args).urlParams);
    return inner.call(this, value, ...args);
  };
}

/**
 * delete: a non-JSON, non-HTML text body is the pk as a string, trimmed (see docs/concepts.md#resources). JSON,
 * empty and HTML answers go through the endpoint's own parsing (HTML stays an error, see docs/concepts.md#endpoints).
 */
export function parsePkText(inner: (this: RestEndpoint, response: Response) => Promise<any>) {
  return async function (this: RestEndpoint, response: Response): Promise<any> {
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 204 || response.status === 205 || /json|html/i.test(type)) return inner.call(this, response);
    const text = await response.clone().text();
    if (looksLikeHtml(null, text)) return inner.call(this, response);
    return text.trim() === '' ? null : text.trim();
  };
}

type Optimistic = (this: RestEndpoint, snapshot: OptimisticSnapshot, ...args: any[]) => unknown;

// The optimistic responses of `optimistic: true` (see docs/concepts.md#resources). Functions rather
// than the methods of one object: a minifier renames functions, never property names.

/** update: the sent fields over the path parameters. */
export function sentOptimistic(compiled: CompiledPath): Optimistic {
  return function (this: RestEndpoint, _snapshot, ...args) {
    return sentFields(this, compiled, args);
  };
}

/** partialUpdate: as update, skipped when the entity is not in the store. */
export function patchOptimistic(compiled: CompiledPath, schema: unknown): Optimistic {
  return function (this: RestEndpoint, snapshot, ...args) {
    const { urlParams, body } = splitArgs(this, args);
    const params = pathParamsOf(compiled, urlParams);
    if (snapshot.get(schema, params) === undefined) throw snapshot.abort ?? new AbortOptimistic();
    return { ...params, ...bodyObject(body) };
  };
}

/** delete: the path parameters, which the Invalidate schema turns into a tombstone. */
export function removeOptimistic(compiled: CompiledPath): Optimistic {
  return function (this: RestEndpoint, _snapshot, ...args) {
    return pathParamsOf(compiled, splitArgs(this, args).urlParams);
  };
}

/** push / unshift (per element of an array body) and assign (the body object), by the schema's mode. */
export function createOptimistic(compiled: CompiledPath): Optimistic {
  return function (this: RestEndpoint, _snapshot, ...args) {
    const { urlParams, body } = splitArgs(this, args);
    const mode = (this.schema as { mode?: string } | undefined)?.mode;
    if (mode === 'assign') return bodyObject(body);
    const params = pathParamsOf(compiled, urlParams);
    return Array.isArray(body) ? body.map((item) => ({ ...params, ...bodyObject(item) })) : { ...params, ...bodyObject(body) };
  };
}
