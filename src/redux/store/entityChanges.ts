import { isEntityClass } from '../../schema';
import type { Entity } from '../../schema';
import type { UnknownAction } from '../rtk';

/**
 * Which entities an action changed, for `rest.matchEntitiesChanged` and
 * `rest.changedPks`, which read it off the action. The `entityChanges` feature's middleware step
 * (changeTracking.ts) works it out before the action reaches any reducer, from what the action
 * carries and the slice before it, and forwards a copy of the action that carries it as plain JSON:
 * `meta.changedEntities[reducerPath][entityKey] = [pk, …]`. The action as dispatched is never
 * changed: middleware placed before this one (RTK's listener middleware is prepended) sees it as
 * it was, and the matchers read its write set there, so a matcher needs nothing but the action.
 *
 * Changed means "the cell may read differently in the view": written by the base (a fetch
 * outcome, setResponse, set, a delete's tombstone), by an optimistic layer that was added,
 * recomputed or removed, removed by GC, cleared by a reset, or restored by a rehydrate. A
 * refetch of identical data writes no cell, so it changes nothing.
 */

/** The pks an action changed, by entity key. */
export type ChangedEntities = Record<string, string[]>;

/**
 * An action that changed entities (what `rest.matchEntitiesChanged(…)` narrows to): its
 * `meta.changedEntities` holds, per instance (`reducerPath`), the changed pks by entity key.
 * Read them with `rest.changedPks(action, Entity)`.
 */
export interface EntitiesChangedAction extends UnknownAction {
  meta: {
    /** `{ [reducerPath]: { [entityKey]: pks } }`, plain JSON. */
    changedEntities: Record<string, ChangedEntities>;
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
