import { hasOwn } from '../internal/own';
import { preview } from '../internal/json';
import { isEntityClass, isInvalidate, toNode } from '../schema';
import type { Entity, EntityReader } from '../schema';
import { endpointPathParams } from '../rest';
import type { StoreEndpoint } from '../rest';
import type { KeyRecord } from './keyRecord';
import type { Selectors } from './selectors';
import { tableGet, tableKeys } from './tables';
import type { RestState } from './types';

/**
 * A delete whose answer and URL carry no pk (issue 16.5). An empty answer (204, `null`, `{}`)
 * stands for the URL parameters (see docs/concepts.md#resources), but a URL such as `/repos/:owner/:repo/labels/:name`
 * does not name a Label keyed by `id`. `pk` is the stored entity the parameters lead to, or
 * `undefined` when none does.
 */
export interface DeleteTarget {
  readonly entity: typeof Entity;
  readonly params: Record<string, unknown>;
  readonly pk: string | undefined;
}

/**
 * The entity a delete removes when what it got is its URL parameters without a pk: found through
 * the entity's `indexes` (its first indexed field among the parameters), then as the stored
 * entity whose fields equal every URL parameter.
 * `undefined` for anything else (an answer with a pk, an object answer, another schema), which is
 * normalized as it is.
 */
export function findDeleteTarget(endpoint: StoreEndpoint, value: unknown, args: readonly unknown[], reader: EntityReader): DeleteTarget | undefined {
  const schema = endpoint.schema as unknown;
  if (!isInvalidate(schema) || !isEntityClass(schema.schema) || !isObject(value)) return undefined;
  const entity = schema.schema;
  const params = endpointPathParams(endpoint, args);
  const names = Object.keys(params);
  // Only the URL parameters themselves (an empty answer), and only when they hold no pk.
  if (names.length === 0 || !sameFields(value, params, names) || hasPk(entity, value, args)) return undefined;
  return { entity, params, pk: byIndex(entity, params, reader) ?? byFields(entity.key, params, names, reader) };
}

function hasPk(entity: typeof Entity, value: Record<string, unknown>, args: readonly unknown[]): boolean {
  try {
    const processed: unknown = entity.process(value, undefined, undefined, args);
    return entity.pk(isObject(processed) ? processed : value, undefined, undefined, args) !== undefined;
  } catch {
    // A throwing process() is reported by the normal path.
    return true;
  }
}

/** Through `static indexes`: the lookup `selectQuery(state, Entity, params)` makes (see docs/concepts.md#entities). */
function byIndex(entity: typeof Entity, params: Record<string, unknown>, reader: EntityReader): string | undefined {
  const pk = toNode(entity)!.queryKey([params], { reader });
  return typeof pk === 'string' && isObject(reader.entity(entity.key, pk)) ? pk : undefined;
}

/** The first stored entity whose fields equal every URL parameter. */
function byFields(key: string, params: Record<string, unknown>, names: readonly string[], reader: EntityReader): string | undefined {
  for (const pk of reader.pks(key)) {
    const stored = reader.entity(key, pk);
    if (isObject(stored) && names.every((name) => hasOwn(stored, name) && same(stored[name], params[name]))) return pk;
  }
  return undefined;
}

/**
 * Keys whose stored result reads entities of `entityKey` (lists, pages, objects holding them),
 * other than reads of one entity: what a delete that found nothing expires, so they refetch.
 * Keys this store never requested (hydrated) cannot be read and are left alone.
 */
export function listsHolding(entity: typeof Entity, slice: RestState, reader: EntityReader, keys: KeyRecord, readAs: Selectors['readAs']): string[] {
  const single = toNode(entity);
  const out: string[] = [];
  for (const key of tableKeys(slice.endpoints)) {
    const endpoint = keys.endpointsByKey.get(key);
    const node = endpoint === undefined ? undefined : toNode(endpoint.schema);
    if (node === undefined || node === single || isInvalidate(node)) continue;
    const { paths } = readAs(key, node, tableGet(slice.endpoints, key), slice, reader, keys.argsByKey.get(key) ?? []);
    if (paths.some((path) => path.key === entity.key)) out.push(key);
  }
  return out;
}

/** The dev warning of a delete that found nothing to remove (`key` is its request): what happened, and what to add. */
export function warnNothingDeleted(endpoint: StoreEndpoint, key: string, target: DeleteTarget, expired: number, reader: EntityReader): void {
  const { entity, params } = target;
  const table = entity.key;
  const sample = reader.pks(table).map((pk) => reader.entity(table, pk)).find(isObject);
  // The URL parameters a stored entity holds as fields (else the template's last one) are the ones to index.
  const fields = sample === undefined ? [] : Object.keys(params).filter((name) => hasOwn(sample, name));
  const candidates = fields.length > 0 ? fields : Object.keys(params).slice(-1);
  const unindexed = candidates.filter((name) => !(entity.indexes ?? []).includes(name));
  const advice =
    unindexed.length > 0
      ? `add static indexes = [${unindexed.map((name) => `'${name}'`).join(', ')}] to ${table} (the store then finds it by ${unindexed.join(', ')}), or answer the DELETE with the ${table} or its pk`
      : `answer the DELETE with the ${table} or its pk (no stored ${table} matches: it may never have been loaded)`;
  console.warn(
    `[rtk-rest] ${endpoint.name}: ${key} succeeded, but neither its answer nor its URL parameters ${preview(params)} hold the pk of the ${table}, ` +
      `and no stored ${table} matches them, so nothing was removed from the store; the ${expired} stored list(s) holding ${table} were expired and refetch. ` +
      `To remove it at once, ${advice}.`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameFields(value: Record<string, unknown>, params: Record<string, unknown>, names: readonly string[]): boolean {
  return Object.keys(value).length === names.length && names.every((name) => hasOwn(value, name) && Object.is(value[name], params[name]));
}

/** URL parameters are often strings where the entity stores numbers (`/labels/:id`, `id: 5`). */
function same(stored: unknown, param: unknown): boolean {
  return stored === param || ((typeof stored === 'string' || typeof stored === 'number') && String(stored) === String(param));
}
