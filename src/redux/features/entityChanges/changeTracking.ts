import { getOwn, setOwn } from '../../../internal/own';
import { entityKeyOf, NO_PKS } from '../../store/entityChanges';
import type { ChangedEntities, EntitiesChangedAction, EntityMatchers } from '../../store/entityChanges';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { Restore } from '../../store/restore';
import type { RestContext } from '../../instance/context';
import type { UnknownAction } from '../../rtk';
import { tableGet, tableKeys } from '../../store/tables';
import type { OptimisticLayer, RestState, WritePayload } from '../../types';

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

/** Every cell the layers write: each is recomputed or removed by a change of the base. */
function addLayers(changes: Changes, layers: readonly OptimisticLayer[]): void {
  for (const layer of layers) changes.addWrite((layer.write as WritePayload | undefined)?.entities);
}

/**
 * The `prepare` step: forwards a copy of an action that changes entities with `meta.changedEntities`
 * (never changing the action it was given), from what the action carries and the slice before it:
 * its write set (a fetch outcome, `setResponse`, `set`, a pending mutation's layer), the cells a GC
 * sweep or a reset removes that read something, the cells a rehydrate's restored slice wins, and
 * under optimistic layers, for any change of the base, the cells of every layer (which the
 * reducer recomputes or removes). Middleware placed before this one sees the action as it was
 * dispatched: the matchers then read its write set.
 */
function buildAnnotate(ctx: RestContext, restore: Restore | undefined) {
  const { reducerPath } = ctx.options;
  const prefix = `${reducerPath}/`;
  const { fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc, resetEntireStore, middlewareRegistered } = ctx.actions;
  const changesBase = [fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc, resetEntireStore, middlewareRegistered];

  function changesOf(action: UnknownAction, before: RestState): Changes | undefined {
    const restored = restore?.of(action);
    if (restore !== undefined && restored !== undefined) {
      const changes = new Changes();
      for (const { key, pk } of restore.taken(before, restored)) changes.add(key, pk);
      return changes;
    }
    if (typeof action.type !== 'string' || !action.type.startsWith(prefix)) return undefined;
    const changes = new Changes();
    changes.addWrite(writeOf(action, ctx.actions));
    if (gc.match(action)) changes.addPresent(ctx.view(before), action.payload.entities);
    else if (resetEntireStore.match(action)) changes.addPresent(ctx.view(before), allCells(ctx.view(before)));
    if (before.optimistic.length > 0 && changesBase.some((creator) => creator.match(action))) addLayers(changes, before.optimistic);
    return changes;
  }

  return (action: UnknownAction, _api: unknown, before: RestState): UnknownAction => {
    const changed = changesOf(action, before)?.toJSON();
    if (changed === undefined) return action;
    const meta = (action.meta ?? {}) as { changedEntities?: Record<string, ChangedEntities> };
    return { ...action, meta: { ...meta, changedEntities: { ...meta.changedEntities, [reducerPath]: changed } } };
  };
}

/** The entities an action of this instance writes, as it carries them (`fetch/pending`: its layer's). */
function writeOf(action: unknown, actions: RestContext['actions']): Record<string, Record<string, unknown>> | undefined {
  if (actions.fetchFulfilled.match(action) || actions.setResponse.match(action) || actions.set.match(action)) return action.payload.entities;
  if (actions.fetchPending.match(action)) return (action.payload.layer?.write as WritePayload | undefined)?.entities;
  return undefined;
}

/** `rest.matchEntitiesChanged` and `rest.changedPks`: what the action carries, its `meta.changedEntities` or else its write set. */
function trackedMatchers(ctx: RestContext): EntityMatchers {
  const { reducerPath } = ctx.options;
  const pksOf = (action: unknown, key: string): readonly string[] => {
    const changed = changedOf(action, reducerPath);
    if (changed !== undefined) return getOwn(changed, key) ?? NO_PKS;
    const written = writeOf(action, ctx.actions);
    const cells = written === undefined ? undefined : getOwn(written, key);
    return cells === undefined ? NO_PKS : Object.keys(cells);
  };
  return {
    matchEntitiesChanged(...Entities) {
      const keys = Entities.map((Entity) => entityKeyOf(Entity, 'matchEntitiesChanged'));
      return (action: unknown): action is EntitiesChangedAction => keys.some((key) => pksOf(action, key).length > 0);
    },
    changedPks(action, Entity) {
      return pksOf(action, entityKeyOf(Entity, 'changedPks'));
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
  build: ({ ctx, restore }) => {
    const annotate = buildAnnotate(ctx, restore);
    return { matchers: trackedMatchers(ctx), store: () => ({ prepare: annotate }) };
  },
};

/**
 * Which entities each action changed, written into the action for `rest.matchEntitiesChanged`
 * and `rest.changedPks` (see docs/concepts.md#the-store). In `createRest`; give it to
 * `buildCreateRest` to keep it.
 */
export const entityChanges: RestFeature = feature;
