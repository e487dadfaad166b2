import { isEntityClass, pksOf } from '../../schema';
import type { Entity } from '../../schema';
import { setOwn } from '../../internal/own';
import type { UnknownAction } from '../rtk';
import type { RestActions } from './actions';
import type { ChangedEntities, WritePayload } from '../types';

/**
 * Which entities an action changed, for `rest.matchEntitiesChanged` and `rest.changedPks`. Every
 * action that changes entities carries them from its creation, whoever creates it, so the matchers
 * need nothing but the action and answer the same wherever they see it (a listener prepended
 * before rest's middleware, a reducer, a middleware after it):
 *
 * - a fetch outcome, `setResponse`, `set` (a delete's tombstone too): the cells of its write set;
 * - `fetch/pending` of a mutation with an optimistic layer: the layer's cells; its outcome
 *   (`fetch/fulfilled`, `fetch/rejected`): the layer's cells it removes (`layerCells`);
 * - a GC sweep (`gc`): the cells it removes, listed in its payload for the reducer anyway;
 * - `optimistic/layersChanged`: the cells whose recomputed layers read differently, dispatched by
 *   the optimistic feature right after the base change that recomputed them;
 * - a rehydrate: the cells the restored slice holds (conservatively: those it does not win read
 *   as before);
 * - `resetEntireStore`: every entity of every type, which the action cannot list: it matches for
 *   any Entity and `changedPks` lists no pk for it.
 *
 * With the `entityChanges` feature, the middleware also forwards a copy of such an action that
 * carries the same answer as plain JSON, `meta.changedEntities[reducerPath][entityKey] = [pk, …]`
 * (reducers, DevTools); the action as dispatched is never changed. Changed means "the cell may read
 * differently in the view"; a refetch of identical data writes no cell, so it changes nothing.
 */

export type { ChangedEntities } from '../types';

/**
 * An action that changed entities (what `rest.matchEntitiesChanged(…)` narrows to). Read its pks
 * with `rest.changedPks(action, Entity)`, which answers the same wherever the action is seen.
 * `meta.changedEntities` (per instance, `reducerPath`, the changed pks by entity key) is only on the
 * copy that reducers and middleware after rest's receive, and never on a reset (which changes every
 * entity and lists none): a listener placed before rest's middleware, as RTK's docs place it, sees
 * the action without it, so the type says it may be absent.
 */
export interface EntitiesChangedAction extends UnknownAction {
  meta?: {
    /** `{ [reducerPath]: { [entityKey]: pks } }`, plain JSON. */
    changedEntities?: Record<string, ChangedEntities>;
    [field: string]: unknown;
  };
}

/** The Entity's key; a clear error for anything else (the matchers take Entity classes). */
export function entityKeyOf(Entity: unknown, api: string): string {
  if (!isEntityClass(Entity)) {
    throw new TypeError(`[rtk-rest] ${api} takes Entity classes, got ${String(Entity)}.${process.env.NODE_ENV !== 'production' ? ` For example rest.${api}(${api === 'changedPks' ? 'action, ' : ''}Post).` : ''}`);
  }
  return Entity.key;
}

/** `rest.matchEntitiesChanged` and `rest.changedPks`: the `entityChanges` feature's read what it wrote into the action (changeTracking.ts). */
export interface EntityMatchers {
  /** See `rest.matchEntitiesChanged` (buildCreateRest.ts). */
  matchEntitiesChanged(...Entities: (typeof Entity)[]): (action: unknown) => action is EntitiesChangedAction;
  /** See `rest.changedPks` (buildCreateRest.ts). */
  changedPks<TEntity extends typeof Entity>(action: unknown, Entity: TEntity): readonly string[];
}

export const NO_PKS: readonly string[] = Object.freeze([]);

/**
 * The matchers of an instance without the `entityChanges` feature: no action carries its changes,
 * so they never match (development warns once); they check their arguments as the feature's do.
 */
export function untrackedMatchers(): EntityMatchers {
  let warned = false;
  return {
    matchEntitiesChanged(...Entities) {
      for (const Entity of Entities) entityKeyOf(Entity, 'matchEntitiesChanged');
      if (process.env.NODE_ENV !== 'production' && !warned) {
        warned = true;
        console.warn(
          `[rtk-rest] rest.matchEntitiesChanged(…) never matches: this rest instance was built without the entityChanges feature. Add it: buildCreateRest(entityChanges, …) (rtk-rest exports entityChanges), or use createRest, which has every feature.`,
        );
      }
      return (_action): _action is EntitiesChangedAction => false;
    },
    changedPks(_action, Entity) {
      entityKeyOf(Entity, 'changedPks');
      return NO_PKS;
    },
  };
}

/** What a reset changes: every entity, which no action lists. */
export const EVERY_ENTITY = 'every';

/**
 * The entities an action of this instance says it changes (see the top of this file), from the
 * action alone; `undefined` when none. A restored slice's cells are added by the feature.
 */
export function carriedChanges(action: unknown, actions: RestActions): ChangedEntities | typeof EVERY_ENTITY | undefined {
  if (actions.resetEntireStore.match(action)) return EVERY_ENTITY;
  // Lists of distinct pks by table; a table named by one source (the usual case: one write) keeps its list as it is.
  const byKey = new Map<string, (readonly string[])[]>();
  const add = (key: string, pks: readonly string[]) => {
    const lists = byKey.get(key);
    if (lists === undefined) byKey.set(key, [pks]);
    else lists.push(pks);
  };
  const addWrite = (entities: Record<string, Record<string, unknown>> | undefined) => {
    if (entities !== undefined) for (const key of Object.keys(entities)) add(key, pksOf(entities[key]!));
  };
  const addCells = (cells: ChangedEntities | undefined) => {
    if (cells !== undefined) for (const key of Object.keys(cells)) add(key, cells[key]!);
  };
  if (actions.fetchFulfilled.match(action) || actions.setResponse.match(action) || actions.set.match(action)) addWrite(action.payload.entities);
  if (actions.fetchFulfilled.match(action) || actions.fetchRejected.match(action)) addCells(action.payload.layerCells);
  else if (actions.fetchPending.match(action)) addWrite((action.payload.layer?.write as WritePayload | undefined)?.entities);
  else if (actions.gc.match(action)) for (const { key, pk } of action.payload.entities) add(key, [pk]);
  else if (actions.layersChanged.match(action)) addCells(action.payload.entities);
  if (byKey.size === 0) return undefined;
  const out: ChangedEntities = {};
  for (const [key, lists] of byKey) setOwn(out, key, lists.length === 1 ? [...lists[0]!] : [...new Set(lists.flat())]);
  return out;
}
