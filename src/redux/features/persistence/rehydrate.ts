import { errorMessage } from '../../../internal/json';
import { getOwn, hasOwn, setOwn } from '../../../internal/own';
import type { EntityMeta } from '../../../schema';
import type { RestActions } from '../../store/actions';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { ExtractRehydrationInfo, Restore } from '../../store/restore';
import { completeState, initialState } from '../../store/slice';
import { applyEntityWrite } from '../../store/layout';
import { checkTableFormat } from '../../store/tableFormat';
import type { UnknownAction } from '../../rtk';
import type { Table, Tables } from '../../store/tables';
import type { EntityWrite, KeyMeta, RestState } from '../../types';

/**
 * Rehydration by freshness: a slice restored from storage (redux-persist's
 * `REHYDRATE`, a framework's hydrate action, `rest.actions.rehydrated`) is merged into the live
 * slice entity by entity and key by key, the one whose request started later (`fetchedAt`)
 * winning. Restored pending request ids and optimistic layers belong to no request of this
 * store: they are never restored. Expiry is absolute (`expiresAt`), so restored data past it
 * reads `stale` and is refetched like any other stale data.
 */

export type { ExtractRehydrationInfo } from '../../store/restore';

/** redux-persist's `REHYDRATE` type (matched by string: redux-persist is not a dependency). */
const PERSIST_REHYDRATE = 'persist/REHYDRATE';

/** The default: redux-persist persisting the root reducer, whose `REHYDRATE` payload is the saved root state. */
export const persistedRoot: ExtractRehydrationInfo = (action, { reducerPath }) => {
  if (action.type !== PERSIST_REHYDRATE) return undefined;
  const payload = action.payload;
  return typeof payload === 'object' && payload !== null ? getOwn(payload as Record<string, unknown>, reducerPath) : undefined;
};

/** The restored slice an action carries, if any. */
export type RestoredOf = (action: UnknownAction) => Partial<RestState> | undefined;

export function buildRestoredOf(tables: Tables, actions: RestActions, reducerPath: string, extract: ExtractRehydrationInfo): RestoredOf {
  const reported = new WeakSet<object>();
  return (action) => {
    const restored = actions.rehydrated.match(action) ? action.payload : extract(action, { reducerPath });
    if (restored === undefined || restored === null) return undefined;
    if (typeof restored !== 'object' || Array.isArray(restored)) {
      if (process.env.NODE_ENV !== 'production') {
        console.error(`[rtk-rest] ${action.type}: the restored state of "${reducerPath}" is not a slice object (got ${Array.isArray(restored) ? 'an array' : typeof restored}), so it is ignored. Restore what state.${reducerPath} held.`);
      }
      return undefined;
    }
    // The restored tables may come from another version of rtk-rest: their format is checked first.
    try {
      return checkTableFormat(tables, restored as Partial<RestState>, reducerPath, `restored by ${action.type}`);
    } catch (error) {
      // Thrown from the reducer, the error would stop the rehydration itself (redux-persist would
      // never finish bootstrapping, nor save again): the saved slice is ignored instead, and an
      // empty one merged, so the reducer still returns a new object (see mergeRestored). Said once
      // per slice, though the middleware reads it too.
      if (!reported.has(restored)) {
        reported.add(restored);
        console.error(`${errorMessage(error)} The saved slice is ignored.`);
      }
      return {};
    }
  };
}

/** Whether the restored side is newer: it started later, or the live side has nothing. */
const wins = (restoredAt: number | undefined, liveAt: number | undefined, liveHas: boolean) => !liveHas || (restoredAt ?? 0) > (liveAt ?? 0);

/** The live slice with the restored one merged in. */
export function mergeRestored(tables: Tables, live: RestState, restored: Partial<RestState>): RestState {
  const state = applyEntityWrite(tables, live, restoredEntities(tables, live, restored));
  const { endpoints, meta } = restoredKeys(tables, live, restored);
  // Always a new object: redux-persist's reconcilers keep a slice its reducer changed, and would
  // otherwise put the raw restored slice (with its pending ids and layers) in its place.
  return { ...state, endpoints, meta };
}

/**
 * The entity cells the restored slice wins (see the top of this file): those whose request
 * started after the live cell's, or that the live slice lacks, and not before its last reset.
 */
function restoredCells(tables: Tables, live: RestState, restored: Partial<RestState>): { key: string; pk: string }[] {
  const taken: { key: string; pk: string }[] = [];
  const byKey = (restored.entities ?? {}) as Record<string, Table>;
  for (const key of Object.keys(byKey)) {
    const metas = getOwn((restored.entitiesMeta ?? {}) as Record<string, Table<EntityMeta>>, key);
    const liveTable = getOwn(live.entities, key);
    for (const pk of tables.keys(byKey[key])) {
      const meta = tables.get(metas, pk);
      if (tables.get(byKey[key], pk) === undefined || (meta?.fetchedAt ?? 0) < live.lastReset) continue;
      if (wins(meta?.fetchedAt, tables.get(getOwn(live.entitiesMeta, key), pk)?.fetchedAt, tables.get(liveTable, pk) !== undefined)) taken.push({ key, pk });
    }
  }
  return taken;
}

/** The write that takes the cells the restored slice wins, with their meta and index entries. */
function restoredEntities(tables: Tables, live: RestState, restored: Partial<RestState>): EntityWrite {
  const write: EntityWrite = { entities: {}, entitiesMeta: {}, indexes: {} };
  const byKey = (restored.entities ?? {}) as Record<string, Table>;
  for (const { key, pk } of restoredCells(tables, live, restored)) {
    const cell = tables.get(byKey[key], pk);
    const meta = tables.get(getOwn((restored.entitiesMeta ?? {}) as Record<string, Table<EntityMeta>>, key), pk);
    if (!hasOwn(write.entities, key)) setOwn(write.entities, key, {});
    setOwn(write.entities[key]!, pk, cell);
    if (meta !== undefined) {
      if (!hasOwn(write.entitiesMeta, key)) setOwn(write.entitiesMeta, key, {});
      setOwn(write.entitiesMeta[key]!, pk, meta);
    }
    reindex(tables, write, live, restored, key, pk, tables.get(getOwn(live.entities, key), pk), cell);
  }
  return write;
}

/** Index entries follow a taken cell: the live cell's entries go, the restored cell's come. */
function reindex(tables: Tables, write: EntityWrite, live: RestState, restored: Partial<RestState>, key: string, pk: string, before: unknown, after: unknown): void {
  const liveFields = getOwn(live.indexes, key) ?? {};
  const fields = new Set([...Object.keys(liveFields), ...Object.keys(getOwn(restored.indexes ?? {}, key) ?? {})]);
  for (const field of fields) {
    const changes = (getOwn(write.indexes, key)?.[field] ?? {}) as Record<string, string | null>;
    const oldValue = fieldOf(before, field);
    if (oldValue !== undefined && tables.get(getOwn(liveFields, field), oldValue) === pk) setOwn(changes, oldValue, null);
    const newValue = fieldOf(after, field);
    if (newValue !== undefined) setOwn(changes, newValue, pk);
    if (Object.keys(changes).length === 0) continue;
    if (!hasOwn(write.indexes, key)) setOwn(write.indexes, key, {});
    setOwn(write.indexes[key]!, field, changes);
  }
}

function fieldOf(cell: unknown, field: string): string | undefined {
  if (typeof cell !== 'object' || cell === null) return undefined;
  const value = getOwn(cell as Record<string, unknown>, field);
  return value === undefined || value === null ? undefined : String(value);
}

/** Keys: a restored outcome (result and meta) replaces an older live one; live pending ids stay. */
function restoredKeys(tables: Tables, live: RestState, restored: Partial<RestState>): Pick<RestState, 'endpoints' | 'meta'> {
  const results: Record<string, unknown> = {};
  const metas: Record<string, KeyMeta> = {};
  const keys = new Set([...tables.keys(restored.meta), ...tables.keys(restored.endpoints)]);
  for (const key of keys) {
    const meta = tables.get(restored.meta, key);
    const result = tables.get(restored.endpoints, key);
    // A key with only pending ids holds no outcome to restore.
    if ((meta?.fetchedAt === undefined && result === undefined) || (meta?.fetchedAt ?? 0) < live.lastReset) continue;
    const liveMeta = tables.get(live.meta, key);
    const liveHas = liveMeta?.fetchedAt !== undefined || tables.get(live.endpoints, key) !== undefined;
    if (!wins(meta?.fetchedAt, liveMeta?.fetchedAt, liveHas)) continue;
    setOwn(results, key, result);
    const { pending: _restoredPending, ...outcome } = meta ?? {};
    setOwn(metas, key, liveMeta?.pending === undefined ? outcome : { ...outcome, pending: liveMeta.pending });
  }
  return { endpoints: tables.write(live.endpoints, results, false, tables.limits.keys), meta: tables.write(live.meta, metas, false, tables.limits.keys) };
}

/** The feature's part of each instance: the reducer's restore step (beneath the optimistic layers, which are recomputed over the merged base; a restored slice's own layers never come back). */
const feature: FeatureImpl = {
  feature: 'persistence',
  build({ ctx, options }) {
    const restore: Restore = {
      of: buildRestoredOf(ctx.tables, ctx.actions, ctx.options.reducerPath, options.extractRehydrationInfo ?? persistedRoot),
      merge: (live, restored) => mergeRestored(ctx.tables, live, restored),
    };
    return {
      restore,
      reducer: (next) => (state, action) => {
        const restored = restore.of(action);
        return restored === undefined ? next(state, action) : restore.merge(state === undefined ? initialState() : completeState(state), restored);
      },
    };
  },
};

/**
 * Rehydration by freshness (see docs/recipes/persistence.md): redux-persist's `REHYDRATE`, the
 * actions `extractRehydrationInfo` picks and `rest.actions.rehydrated(slice)` merge a saved slice
 * entity by entity and key by key. In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const persistence: RestFeature = feature;
