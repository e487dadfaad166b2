import { isEntityClass, schema, toNode } from '../schema';
import type { AbstractInstanceType, Entity, SchemaNode } from '../schema';
import type { RestContext } from './context';
import { entitiesToken } from './layout';
import { viewOf } from './optimistic';

/**
 * `selectEntity` and `selectEntities` (issue 17.2): entity reads for the rest of the app, by
 * type and pk, with no endpoint. Both read the view (optimistic layers applied) through the
 * instance's MemoCache, so an entity is the very instance every other selector returns for the
 * same stored version, and an answer keeps its reference while nothing it reads changed.
 */

/** The `All(Entity)` schema behind `selectEntities`, one per class (the memo cache is per schema object). */
const allOf = new WeakMap<typeof Entity, SchemaNode>();

/** What `selectEntities` returns before a table exists: one array, so the answer is stable. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

function entityNodeOf(Entity: unknown, selector: string): SchemaNode {
  if (!isEntityClass(Entity)) {
    throw new TypeError(
      `[rtk-rest] ${selector}(state, Entity, …) reads an Entity class (e.g. rest.${selector}(state, Post${selector === 'selectEntity' ? ', 5' : ''})), got ${String(toNode(Entity)?.describe() ?? Entity)}. Read collections, unions and queries with rest.selectQuery.`,
    );
  }
  return toNode(Entity)!;
}

export function buildEntitySelectors(ctx: RestContext) {
  return {
    /** The instance stored under `pk` (nested entities resolved), or `undefined` when absent or deleted. */
    selectEntity<TEntity extends typeof Entity>(state: unknown, Entity: TEntity, pk: string | number | null | undefined): AbstractInstanceType<TEntity> | undefined {
      const node = entityNodeOf(Entity, 'selectEntity');
      if (pk === null || pk === undefined) return undefined;
      const view = viewOf(ctx.slice(state));
      return ctx.memo.read(node, String(pk), ctx.reader(view), entitiesToken(view.entities), []).data as AbstractInstanceType<TEntity> | undefined;
    },
    /** Every stored, non-deleted instance of the type, in table order; `[]` before any. */
    selectEntities<TEntity extends typeof Entity>(state: unknown, Entity: TEntity): AbstractInstanceType<TEntity>[] {
      entityNodeOf(Entity, 'selectEntities');
      let node = allOf.get(Entity);
      if (node === undefined) allOf.set(Entity, (node = toNode(new schema.All(Entity))!));
      const view = viewOf(ctx.slice(state));
      const data = ctx.memo.read(node, null, ctx.reader(view), entitiesToken(view.entities), []).data;
      return (data ?? NONE) as AbstractInstanceType<TEntity>[];
    },
  };
}
