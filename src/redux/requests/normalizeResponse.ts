import { errorMessage, NotJSONError, toJSONValue } from '../../internal/json';
import { isStackOverflow, tooDeepToWrite } from '../../internal/stack';
import { NormalizeError, normalizeWrites, toNode } from '../../schema';
import type { EntityMeta, EntityReader } from '../../schema';
import { describeSchema, processingError } from '../../rest';
import type { StoreEndpoint } from '../../rest';
import type { DeleteByParams } from './deleteByParams';
import { withPkChange } from './pkChange';
import type { KnownKeys } from './pkChange';
import type { Tables } from '../store/tables';
import type { RestState, WritePayload } from '../types';

/**
 * Normalizes a response against a slice into one JSON write (see docs/internals.md#the-fetch-lifecycle): entities, the key's
 * result and the endpoint's `update` results. A pure function of its arguments (apart from dev
 * logs of a throwing `update`): the fetch lifecycle, `setResponse` and optimistic layers all
 * write through it. Processing failures become processing errors (see docs/concepts.md#errors-and-errorpolicy) and nothing is written
 * (see docs/internals.md#the-write-path). `placeholder` prefixes the pks an optimistic create invents.
 * `known` (the store's keys) lets an update that moves its entity to another pk move the references
 * to it in other keys' results too (pkChange.ts).
 */
export function normalizeResponse(
  endpoint: StoreEndpoint,
  value: unknown,
  args: readonly unknown[],
  key: string,
  meta: EntityMeta,
  slice: RestState,
  tables: Tables,
  reader: EntityReader,
  placeholder?: string,
  known?: KnownKeys,
): WritePayload {
  const node = toNode(endpoint.schema);
  if (node === undefined) {
    let result: unknown;
    try {
      result = toJSONValue(value);
    } catch (error) {
      if (error instanceof NotJSONError) throw processingError(key, 'none', notJSONProblem(endpoint, error), error);
      throw thrownWhileWriting(endpoint, key, error);
    }
    return { result, entities: {}, entitiesMeta: {}, indexes: {}, ...updatesOf(endpoint, result, args, slice, tables) };
  }
  if (value === null || value === undefined) {
    // An empty answer (204, 205, an empty body) cannot satisfy a schema (see docs/concepts.md#errors-and-errorpolicy).
    throw processingError(key, describeSchema(endpoint.schema), `empty response, expected ${describeSchema(endpoint.schema)}`);
  }
  try {
    const { result, ctx } = normalizeWrites(node.describe.bind(node), (c) => node.normalize(value, undefined, undefined, c), reader, args, meta, placeholder);
    const write = { result, entities: ctx.entities, entitiesMeta: ctx.entitiesMeta, indexes: ctx.indexes, ...updatesOf(endpoint, result, args, slice, tables) };
    return withPkChange(endpoint, args, key, write, meta, slice, tables, reader, known);
  } catch (error) {
    if (error instanceof NormalizeError) throw processingError(key, describeSchema(endpoint.schema), error.problem, error);
    if (typeof (error as { status?: unknown })?.status === 'number') throw error;
    throw thrownWhileWriting(endpoint, key, error);
  }
}

/** A processing error for anything else thrown while writing a response (a stack overflow says the value is too deep). */
function thrownWhileWriting(endpoint: StoreEndpoint, key: string, error: unknown): Error {
  return processingError(key, describeSchema(endpoint.schema), isStackOverflow(error) ? tooDeepToWrite() : (errorMessage(error) ?? String(error)), error);
}

/** An optimistic request as its layer's write needs it. */
export interface LayerRequestInfo {
  readonly requestId: string;
  readonly key: string;
  readonly fetchedAt: number;
}

/**
 * An optimistic value as a layer's write, against the view beneath it (see docs/concepts.md#optimistic-updates),
 * fresh for the endpoint's `dataExpiryLength` (else `defaultExpiry`) from the request's start.
 */
export function normalizeLayer(
  endpoint: StoreEndpoint,
  value: unknown,
  args: readonly unknown[],
  request: LayerRequestInfo,
  view: RestState,
  tables: Tables,
  reader: EntityReader,
  defaultExpiry: number,
  known?: KnownKeys,
  byParams?: DeleteByParams,
): WritePayload {
  const { fetchedAt } = request;
  const expiresAt = Math.min(fetchedAt + (endpoint.dataExpiryLength ?? defaultExpiry), Number.MAX_SAFE_INTEGER);
  // An optimistic delete by URL parameters without the pk hides the entity they find, else nothing.
  const target = byParams?.find(endpoint, value, args, reader);
  if (target !== undefined && target.pk === undefined) return { entities: {}, entitiesMeta: {}, indexes: {} };
  return normalizeResponse(endpoint, target?.pk ?? value, args, request.key, { fetchedAt, date: fetchedAt, expiresAt }, view, tables, reader, `optimistic:${request.requestId}:`, known);
}

/** Results of the endpoint's `update` option for keys that have one (see docs/concepts.md#the-store). */
export function updatesOf(endpoint: StoreEndpoint, result: unknown, args: readonly unknown[], slice: RestState, tables: Tables): { updates?: Record<string, unknown> } {
  if (typeof endpoint.update !== 'function') return {};
  let updaters: Record<string, (previous: any) => any>;
  try {
    updaters = endpoint.update(result, ...args) ?? {};
  } catch (error) {
    if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: update() threw; skipped`, error);
    return {};
  }
  const updates: Record<string, unknown> = {};
  for (const [key, updater] of Object.entries(updaters)) {
    if (!tables.has(slice.endpoints, key)) continue;
    try {
      updates[key] = toJSONValue(updater(tables.get(slice.endpoints, key)));
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: the update for "${key}" threw; skipped`, error);
    }
  }
  return { updates };
}

/**
 * Why a schema-less answer cannot be stored, and the two ways out: the store would
 * have written a Blob as `{}` and lost it; a plain call returns it untouched.
 */
function notJSONProblem(endpoint: StoreEndpoint, error: NotJSONError): string {
  const fix =
    process.env.NODE_ENV !== 'production'
      ? ' To get binary data, call the endpoint directly (await endpoint(...args)) rather than through the store; to store it, have parseResponse return JSON or text (e.g. parseResponse: (response) => response.text()).'
      : '';
  return `${endpoint.name}: ${error.message}.${fix}`;
}
