import { getOwn, setOwn } from '../../../internal/own';
import { carriedChanges, entityKeyOf, EVERY_ENTITY, NO_PKS } from '../../store/entityChanges';
import type { ChangedEntities, EntitiesChangedAction, EntityMatchers } from '../../store/entityChanges';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { Restore } from '../../store/restore';
import type { RestContext } from '../../instance/context';
import type { UnknownAction } from '../../rtk';
import type { Table, Tables } from '../../store/tables';
import type { RestState } from '../../types';

/**
 * The cells a restored slice holds (see docs/concepts.md#the-store): conservatively every one, since
 * which of them win over the live slice depends on that slice, which the action does not carry.
 */
function restoredChanges(tables: Tables, restored: Partial<RestState>): ChangedEntities | undefined {
  const byKey = (restored.entities ?? {}) as Record<string, Table>;
  const out: ChangedEntities = {};
  for (const key of Object.keys(byKey)) {
    const pks = [...tables.keys(byKey[key])].filter((pk) => tables.get(byKey[key], pk) !== undefined);
    if (pks.length > 0) setOwn(out, key, pks);
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * What an action of this instance (or a rehydrate) says it changes, from the action alone (see
 * store/entityChanges.ts); the restored slice is found once per action.
 */
function buildChangesOf(ctx: RestContext, restore: Restore | undefined) {
  const prefix = `${ctx.options.reducerPath}/`;
  const restoredByAction = new WeakMap<object, ChangedEntities | undefined>();
  return (action: unknown): ChangedEntities | typeof EVERY_ENTITY | undefined => {
    if (typeof action !== 'object' || action === null) return undefined;
    if (restore !== undefined) {
      if (restoredByAction.has(action)) return restoredByAction.get(action);
      const restored = restore.of(action as UnknownAction);
      if (restored !== undefined) {
        const changes = restoredChanges(ctx.tables, restored);
        restoredByAction.set(action, changes);
        return changes;
      }
    }
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' && type.startsWith(prefix) ? carriedChanges(action, ctx.actions) : undefined;
  };
}

/**
 * The `prepare` step: forwards a copy of an action that lists the entities it changes with the same
 * list in `meta.changedEntities` (for reducers and DevTools), never changing the action it was given.
 * A reset, which changes every entity, is matched by its type and forwarded as it is.
 */
function buildAnnotate(reducerPath: string, changesOf: ReturnType<typeof buildChangesOf>) {
  return (action: UnknownAction): UnknownAction => {
    const changed = changesOf(action);
    if (changed === undefined || changed === EVERY_ENTITY) return action;
    const meta = (action.meta ?? {}) as { changedEntities?: Record<string, ChangedEntities> };
    return { ...action, meta: { ...meta, changedEntities: { ...meta.changedEntities, [reducerPath]: changed } } };
  };
}

/** `rest.matchEntitiesChanged` and `rest.changedPks`: what the action carries, the same before and after rest's middleware. */
function trackedMatchers(ctx: RestContext, changesOf: ReturnType<typeof buildChangesOf>): EntityMatchers {
  const { reducerPath } = ctx.options;
  const changedOf = (action: unknown): ChangedEntities | typeof EVERY_ENTITY | undefined => {
    const byInstance = (action as { meta?: { changedEntities?: Record<string, ChangedEntities> } } | null | undefined)?.meta?.changedEntities;
    const annotated = byInstance === undefined || byInstance === null ? undefined : getOwn(byInstance, reducerPath);
    return annotated ?? changesOf(action);
  };
  const pksOf = (changed: ChangedEntities | typeof EVERY_ENTITY | undefined, key: string): readonly string[] =>
    changed === undefined || changed === EVERY_ENTITY ? NO_PKS : (getOwn(changed, key) ?? NO_PKS);
  return {
    matchEntitiesChanged(...Entities) {
      const keys = Entities.map((Entity) => entityKeyOf(Entity, 'matchEntitiesChanged'));
      return (action: unknown): action is EntitiesChangedAction => {
        const changed = changedOf(action);
        return changed === EVERY_ENTITY || keys.some((key) => pksOf(changed, key).length > 0);
      };
    },
    changedPks(action, Entity) {
      return pksOf(changedOf(action), entityKeyOf(Entity, 'changedPks'));
    },
  };
}

/** The feature's part of each instance: the middleware's step before the reducer, and the matchers. */
const feature: FeatureImpl = {
  feature: 'entityChanges',
  build: ({ ctx, restore }) => {
    const changesOf = buildChangesOf(ctx, restore);
    const annotate = buildAnnotate(ctx.options.reducerPath, changesOf);
    return { matchers: trackedMatchers(ctx, changesOf), store: () => ({ prepare: annotate }) };
  },
};

/**
 * Which entities each action changed, for `rest.matchEntitiesChanged` and `rest.changedPks`
 * (see docs/concepts.md#the-store). In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const entityChanges: RestFeature = feature;
