import { hasOwn } from '../../../internal/own';
import { preview } from '../../../internal/json';
import { isInvalidate, toNode } from '../../../schema';
import type { Entity, EntityReader } from '../../../schema';
import type { StoreEndpoint } from '../../../rest';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { KeyRecord } from '../../requests/keyRecord';
import { isObject, paramsOnlyDelete } from '../../requests/deleteByParams';
import type { DeleteTarget } from '../../requests/deleteByParams';
import type { Selectors } from '../../read/selectors';
import type { Tables } from '../../store/tables';
import type { RestState } from '../../types';

/**
 * The entity a delete removes when what it got is its URL parameters without a pk: the one stored
 * entity whose fields agree with every URL parameter. A parameter the entity does not hold
 * (`owner`, `repo` of a label stored without them) or two entities that agree mean the URL does
 * not say which entity it is, and removing one would remove another parent's (`static indexes`
 * are no help: an index keeps one pk per value, whichever parent it came from).
 * `undefined` for anything else (an answer with a pk, an object answer, another schema), which is
 * normalized as it is.
 */
function findDeleteTarget(endpoint: StoreEndpoint, value: unknown, args: readonly unknown[], reader: EntityReader): DeleteTarget | undefined {
  const found = paramsOnlyDelete(endpoint, value, args);
  if (found === undefined) return undefined;
  const named = agreeing(found.entity.key, found.params, reader, 2);
  return { ...found, pk: named.length === 1 ? named[0] : undefined };
}

/** The pks (at most `limit`) of the stored entities whose fields agree with every URL parameter. */
function agreeing(key: string, params: Record<string, unknown>, reader: EntityReader, limit: number): string[] {
  const names = Object.keys(params);
  const out: string[] = [];
  for (const pk of reader.pks(key)) {
    const stored = reader.entity(key, pk);
    if (isObject(stored) && names.every((name) => hasOwn(stored, name) && same(stored[name], params[name])) && out.push(pk) >= limit) break;
  }
  return out;
}

/**
 * Keys whose stored result reads entities of `entityKey` (lists, pages, objects holding them),
 * other than reads of one entity: what a delete that found nothing expires, so they refetch.
 * Keys this store never requested (hydrated) cannot be read and are left alone.
 */
function listsHolding(tables: Tables, entity: typeof Entity, slice: RestState, reader: EntityReader, keys: KeyRecord, readAs: Selectors['readAs']): string[] {
  const single = toNode(entity);
  const out: string[] = [];
  for (const key of tables.keys(slice.endpoints)) {
    const endpoint = keys.endpointsByKey.get(key);
    const node = endpoint === undefined ? undefined : toNode(endpoint.schema);
    if (node === undefined || node === single || isInvalidate(node)) continue;
    const { paths } = readAs(key, node, tables.get(slice.endpoints, key), slice, reader, keys.argsByKey.get(key) ?? []);
    if (paths.some((path) => path.key === entity.key)) out.push(key);
  }
  return out;
}

/** The dev warning of a delete that found nothing to remove (`key` is its request): why the URL named no stored entity, and what to change. */
function warnNothingDeleted(endpoint: StoreEndpoint, key: string, target: DeleteTarget, expired: number, reader: EntityReader): void {
  const { entity, params } = target;
  const table = entity.key;
  const names = Object.keys(params);
  const stored = reader.pks(table).map((pk) => reader.entity(table, pk)).filter(isObject);
  // URL parameters no stored entity holds as a field: the URL cannot say which entity it is.
  const lacking = stored.length === 0 ? [] : names.filter((name) => !stored.some((fields) => hasOwn(fields, name)));
  const matches = agreeing(table, params, reader, Infinity).length;
  const indexed = names.filter((name) => (entity.indexes ?? []).includes(name));
  const why =
    lacking.length > 0
      ? `${table} has no field ${lacking.join(', ')}, so the URL does not say which stored ${table} it names`
      : matches > 1
        ? `${matches} stored ${table} agree with them, so the URL does not say which one it names`
        : `no stored ${table} agrees with them (it may never have been loaded)`;
  const indexNote =
    indexed.length > 0
      ? ` static indexes (${indexed.join(', ')}) are not used for this: an index keeps one ${table} per value, whichever parent it came from, so it is safe only for a value unique across every ${table} the store may hold.`
      : '';
  const advice =
    lacking.length > 0
      ? `store ${lacking.join(' and ')} on each ${table} (copy them from the URL parameters in static process(input, parent, key, args)), or answer the DELETE with the ${table} or its pk`
      : `answer the DELETE with the ${table} or its pk`;
  console.warn(
    `[rtk-rest] ${endpoint.name}: ${key} succeeded, but neither its answer nor its URL parameters ${preview(params)} hold the pk of the ${table}, ` +
      `and ${why}; nothing was removed from the store, and the ${expired} stored list(s) holding ${table} were expired and refetch.${indexNote} ` +
      `To remove it at once, ${advice}.`,
  );
}

/** URL parameters are often strings where the entity stores numbers (`/labels/:id`, `id: 5`). */
function same(stored: unknown, param: unknown): boolean {
  return stored === param || ((typeof stored === 'string' || typeof stored === 'number') && String(stored) === String(param));
}

/** The feature's part: what the lifecycle and the optimistic layers reach through each store's handler context. */
const feature: FeatureImpl = {
  feature: 'deleteByParams',
  build: ({ ctx }) => ({
    deleteByParams: {
      find: findDeleteTarget,
      unmatched: (endpoint, key, target, slice, reader, keys, readAs) => {
        const expired = listsHolding(ctx.tables, target.entity, slice, reader, keys, readAs);
        if (process.env.NODE_ENV !== 'production') warnNothingDeleted(endpoint, key, target, expired.length, reader);
        return expired;
      },
    },
  }),
};

/**
 * Deletes answered by their URL parameters without the pk (`/repos/:owner/:repo/labels/:name`
 * for a `Label` keyed by `id`, answered 204): the store removes the one stored entity they name,
 * or expires the lists holding its type (see docs/concepts.md#resources). In `createRest`; give it
 * to `buildCreateRest` to keep it.
 */
export const deleteByParams: RestFeature = feature;
