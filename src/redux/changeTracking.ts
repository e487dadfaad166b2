import { getOwn, hasOwn, setOwn } from '../internal/own';
import { entityKeyOf, NO_PKS } from './entityChanges';
import type { ChangedEntities, EntitiesChangedAction, EntityMatchers } from './entityChanges';
import type { FeatureImpl, RestFeature } from './feature';
import type { Restore } from './restore';
import type { RestContext } from './context';
import type { UnknownAction } from './rtk';
import { tableGet, tableKeys } from './tables';
import type { OptimisticLayer, RestState, WritePayload } from './types';

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


/** The middleware's step that writes which entities an action changes into it (see entityChanges.ts). */
function buildAnnotate(ctx: RestContext, restore: Restore | undefined) {
  const { reducerPath } = ctx.options;
  const prefix = `${reducerPath}/`;
  const { fetchPending, fetchFulfilled, setResponse, set, gc, resetEntireStore, middlewareRegistered } = ctx.actions;

  /** The view of `slice` (the optimistic layers applied, when the instance has them). */
  const view = (slice: RestState) => (ctx.parts.layers === undefined ? slice : ctx.parts.layers.view(slice));

  /** The entities `action` changes over `before` (the base slice), or undefined when none. */
  function changesOf(action: UnknownAction, before: RestState): ChangedEntities | undefined {
    const changes = new Changes();
    const restored = restore?.of(action);
    if (restore !== undefined && restored !== undefined) {
      for (const { key, pk } of restore.merge(before, restored, action).taken) changes.add(key, pk);
      return changes.toJSON();
    }
    if (typeof action.type !== 'string' || !action.type.startsWith(prefix)) return undefined;
    if (fetchFulfilled.match(action) || setResponse.match(action) || set.match(action)) changes.addWrite(action.payload.entities);
    else if (fetchPending.match(action)) changes.addWrite((action.payload.layer?.write as WritePayload | undefined)?.entities);
    else if (gc.match(action)) changes.addPresent(view(before), action.payload.entities);
    else if (resetEntireStore.match(action)) changes.addPresent(view(before), allCells(view(before)));
    const clearsLayers = resetEntireStore.match(action) || middlewareRegistered.match(action);
    // Without the optimisticUpdates feature there are no layers to add or remove.
    const after = clearsLayers ? [] : ctx.parts.layers === undefined ? before.optimistic : ctx.parts.layers.reduce(before, action).optimistic;
    addLayerChanges(changes, before.optimistic, after);
    return changes.toJSON();
  }

  /**
   * Writes the changed entities into `received` (in place) and `forwarded` (the action passed
   * on, a copy when the middleware enriched it), given the root state before the action.
   */
  return (received: UnknownAction, forwarded: UnknownAction, rootState: unknown): void => {
    // A slice not mounted yet (combineSlices' lazy inject) has no entities to change.
    if ((rootState as Record<string, unknown> | undefined)?.[reducerPath] === undefined) return;
    const changed = changesOf(forwarded, ctx.slice(rootState));
    if (changed === undefined) return;
    for (const action of received === forwarded ? [received] : [received, forwarded]) {
      const meta = (action.meta ?? {}) as { changedEntities?: Record<string, ChangedEntities> };
      const changedEntities = { ...meta.changedEntities, [reducerPath]: changed };
      if (!Object.isFrozen(action)) action.meta = { ...meta, changedEntities };
    }
  };
}

/** `rest.matchEntitiesChanged` and `rest.changedPks`: they read what the middleware step wrote into the action. */
function trackedMatchers(reducerPath: string): EntityMatchers {
  return {
    matchEntitiesChanged(...Entities) {
      const keys = Entities.map((Entity) => entityKeyOf(Entity, 'matchEntitiesChanged'));
      return (action: unknown): action is EntitiesChangedAction => {
        const changed = changedOf(action, reducerPath);
        return changed !== undefined && keys.some((key) => hasOwn(changed, key));
      };
    },
    changedPks(action, Entity) {
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

/** The feature's part of each instance: the middleware's step before the reducer, and the matchers that read it. */
const feature: FeatureImpl = {
  feature: 'entityChanges',
  rank: 6,
  instance: ({ ctx, restore }) => ({ annotate: buildAnnotate(ctx, restore), matchers: trackedMatchers(ctx.options.reducerPath) }),
};

/**
 * Which entities each action changed, written into the action for `rest.matchEntitiesChanged`
 * and `rest.changedPks` (see docs/concepts.md#the-store). In `createRest`; give it to
 * `buildCreateRest` to keep it.
 */
export const entityChanges: RestFeature = feature;
