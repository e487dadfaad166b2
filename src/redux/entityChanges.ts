import { getOwn, hasOwn } from '../internal/own';
import { isEntityClass } from '../schema';
import type { Entity } from '../schema';
import type { UnknownAction } from './rtk';

/**
 * Which entities an action changed (issue 17.2), for `rest.matchEntitiesChanged` and
 * `rest.changedPks`, which read it off the action. The `entityChanges` feature's middleware step
 * (changeTracking.ts) works it out before the action reaches any reducer, from the action and the
 * slice before it, and writes it into the action as plain JSON:
 * `meta.changedEntities[reducerPath][entityKey] = [pk, …]`. The action object the middleware
 * received is updated in place, so middleware placed before it (RTK's listener middleware is
 * prepended) sees it too, and a matcher needs nothing but the action.
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

function entityKeyOf(Entity: unknown, api: string): string {
  if (!isEntityClass(Entity)) {
    throw new TypeError(`[rtk-rest] ${api} takes Entity classes, got ${String(Entity)}.${process.env.NODE_ENV !== 'production' ? ` For example rest.${api}(${api === 'changedPks' ? 'action, ' : ''}Post).` : ''}`);
  }
  return Entity.key;
}

const NO_PKS: readonly string[] = Object.freeze([]);

/**
 * `rest.matchEntitiesChanged` and `rest.changedPks`: they read what the `entityChanges` feature
 * wrote into the action; an instance without it never matches (development warns once).
 */
export function buildEntityMatchers(reducerPath: string, tracked: boolean) {
  let warned = false;
  return {
    /** See `rest.matchEntitiesChanged` (createRest.ts). */
    matchEntitiesChanged(...Entities: (typeof Entity)[]): (action: unknown) => action is EntitiesChangedAction {
      const keys = Entities.map((Entity) => entityKeyOf(Entity, 'matchEntitiesChanged'));
      if (process.env.NODE_ENV !== 'production' && !tracked && !warned) {
        warned = true;
        console.warn(
          `[rtk-rest] rest.matchEntitiesChanged(…) never matches: this rest instance was built without the entityChanges feature. Add it: buildCreateRest(entityChanges, …) (rtk-rest exports entityChanges), or use createRest, which has every feature.`,
        );
      }
      return (action: unknown): action is EntitiesChangedAction => {
        const changed = changedOf(action, reducerPath);
        return changed !== undefined && keys.some((key) => hasOwn(changed, key));
      };
    },
    /** See `rest.changedPks` (createRest.ts). */
    changedPks<TEntity extends typeof Entity>(action: unknown, Entity: TEntity): readonly string[] {
      const key = entityKeyOf(Entity, 'changedPks');
      const changed = changedOf(action, reducerPath);
      return (changed === undefined ? undefined : getOwn(changed, key)) ?? NO_PKS;
    },
  };
}

function changedOf(action: unknown, reducerPath: string): ChangedEntities | undefined {
  const byInstance = (action as { meta?: { changedEntities?: Record<string, ChangedEntities> } } | null | undefined)?.meta?.changedEntities;
  return byInstance === undefined || byInstance === null ? undefined : getOwn(byInstance, reducerPath);
}

export type EntityMatchers = ReturnType<typeof buildEntityMatchers>;
