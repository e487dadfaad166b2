import { getOwn, hasOwn, setOwn } from '../internal/own';
import { isEntityClass } from '../schema';
import type { Entity } from '../schema';
import type { RestContext } from './context';
import { viewOf } from './view';
import type { UnknownAction } from './rtk';
import { withLayers } from './slice';
import { tableGet, tableKeys } from './tables';
import type { OptimisticLayer, RestState, WritePayload } from './types';

/**
 * Which entities an action changed (issue 17.2), for `rest.matchEntitiesChanged` and
 * `rest.changedPks`. The middleware works it out before the action reaches any reducer, from
 * the action and the slice before it, and writes it into the action as plain JSON:
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

class Changes {
  readonly byKey = new Map<string, Set<string>>();
  add(key: string, pk: string): void {
    let pks = this.byKey.get(key);
    if (pks === undefined) this.byKey.set(key, (pks = new Set()));
    pks.add(pk);
  }
  addWrite(entities: Record<string, Record<string, unknown>> | undefined): void {
    if (entities === undefined) return;
    for (const key of Object.keys(entities)) for (const pk of Object.keys(entities[key]!)) this.add(key, pk);
  }
  /** Cells that read something now (not absent or deleted) in `slice`. */
  addPresent(slice: RestState, cells: Iterable<{ key: string; pk: string }>): void {
    for (const { key, pk } of cells) {
      const cell = tableGet(getOwn(slice.entities, key), pk);
      if (cell !== undefined && cell !== null) this.add(key, pk);
    }
  }
  toJSON(): ChangedEntities | undefined {
    if (this.byKey.size === 0) return undefined;
    const out: ChangedEntities = {};
    for (const [key, pks] of this.byKey) setOwn(out, key, [...pks]);
    return out;
  }
}

function* allCells(slice: RestState): Iterable<{ key: string; pk: string }> {
  for (const key of Object.keys(slice.entities)) for (const pk of tableKeys(slice.entities[key])) yield { key, pk };
}

/** Layers that left or joined the list: their cells read differently afterwards. */
function addLayerChanges(changes: Changes, before: readonly OptimisticLayer[], after: readonly OptimisticLayer[]): void {
  if (before === after) return;
  const kept = new Set(after);
  const old = new Set(before);
  for (const layer of before) if (!kept.has(layer)) changes.addWrite((layer.write as WritePayload | undefined)?.entities);
  for (const layer of after) if (!old.has(layer)) changes.addWrite((layer.write as WritePayload | undefined)?.entities);
}

/** Cells a rehydrate takes from the restored slice (given by the rehydrate module). */
export type RestoredCells = (before: RestState, action: UnknownAction) => Iterable<{ key: string; pk: string }> | undefined;

function entityKeyOf(Entity: unknown, api: string): string {
  if (!isEntityClass(Entity)) {
    throw new TypeError(`[rtk-rest] ${api} takes Entity classes (e.g. rest.${api}(${api === 'changedPks' ? 'action, ' : ''}Post)), got ${String(Entity)}.`);
  }
  return Entity.key;
}

const NO_PKS: readonly string[] = Object.freeze([]);

export function buildEntityChanges(ctx: RestContext, restoredCells: RestoredCells) {
  const { reducerPath } = ctx.options;
  const prefix = `${reducerPath}/`;
  const { fetchPending, fetchFulfilled, setResponse, set, gc, resetEntireStore, middlewareRegistered } = ctx.actions;

  /** The entities `action` changes over `before` (the base slice), or undefined when none. */
  function changesOf(action: UnknownAction, before: RestState): ChangedEntities | undefined {
    const changes = new Changes();
    const restored = restoredCells(before, action);
    if (restored !== undefined) {
      for (const { key, pk } of restored) changes.add(key, pk);
      return changes.toJSON();
    }
    if (typeof action.type !== 'string' || !action.type.startsWith(prefix)) return undefined;
    if (fetchFulfilled.match(action) || setResponse.match(action) || set.match(action)) changes.addWrite(action.payload.entities);
    else if (fetchPending.match(action)) changes.addWrite((action.payload.layer?.write as WritePayload | undefined)?.entities);
    else if (gc.match(action)) changes.addPresent(viewOf(before), action.payload.entities);
    else if (resetEntireStore.match(action)) changes.addPresent(viewOf(before), allCells(viewOf(before)));
    const clearsLayers = resetEntireStore.match(action) || middlewareRegistered.match(action);
    addLayerChanges(changes, before.optimistic, clearsLayers ? [] : withLayers(before, action, ctx.actions).optimistic);
    return changes.toJSON();
  }

  return {
    /**
     * Writes the changed entities into `received` (in place) and `forwarded` (the action passed
     * on, a copy when the middleware enriched it), given the root state before the action.
     */
    annotate(received: UnknownAction, forwarded: UnknownAction, rootState: unknown): void {
      // A slice not mounted yet (combineSlices' lazy inject) has no entities to change.
      if ((rootState as Record<string, unknown> | undefined)?.[reducerPath] === undefined) return;
      const changed = changesOf(forwarded, ctx.slice(rootState));
      if (changed === undefined) return;
      for (const action of received === forwarded ? [received] : [received, forwarded]) {
        const meta = (action.meta ?? {}) as { changedEntities?: Record<string, ChangedEntities> };
        const changedEntities = { ...meta.changedEntities, [reducerPath]: changed };
        if (!Object.isFrozen(action)) action.meta = { ...meta, changedEntities };
      }
    },
    /** See `rest.matchEntitiesChanged` (createRest.ts). */
    matchEntitiesChanged(...Entities: (typeof Entity)[]): (action: unknown) => action is EntitiesChangedAction {
      const keys = Entities.map((Entity) => entityKeyOf(Entity, 'matchEntitiesChanged'));
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

export type EntityChanges = ReturnType<typeof buildEntityChanges>;
