import { isEntityClass, TABLE, toNode } from '../../schema';
import type { AbstractInstanceType, DenormalizeContext, Entity, SchemaNode } from '../../schema';
import { viewIn } from '../instance/context';
import type { RestContext } from '../instance/context';
import { entitiesToken } from '../store/layout';

/**
 * `selectEntity` and `selectEntities`: entity reads for the rest of the app, by
 * type and pk, with no endpoint. Both read the view (optimistic layers applied) through the
 * instance's MemoCache, so an entity is the very instance every other selector returns for the
 * same stored version, and an answer keeps its reference while nothing it reads changed.
 */

/**
 * The read behind `selectEntities`: every instance of one table, in table order, with the whole
 * table as a dependency (so a new pk rebuilds it). Like `schema.All(Entity)`, without pulling
 * `schema.All` (and the Union class it may build) into every app's bundle. Read-only.
 */
class EntityTableRead implements SchemaNode {
  readonly queryable = false;
  constructor(
    private readonly entity: SchemaNode,
    private readonly key: string,
  ) {}
  normalize(): never {
    throw new TypeError(`[rtk-rest] ${this.describe()} only reads.`);
  }
  queryKey(): undefined {
    return undefined;
  }
  describe(): string {
    return `selectEntities(${this.key})`;
  }
  denormalize(_value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    ctx.dep(this.key, TABLE, ctx.reader.token(this.key));
    const out: unknown[] = [];
    for (const pk of ctx.reader.pks(this.key)) {
      const instance = this.entity.denormalize(pk, ctx, undefined);
      if (instance !== undefined && instance !== null) out.push(instance);
    }
    // An unchanged list keeps its reference (an empty one included: `[]` before any table).
    const same = Array.isArray(prev) && prev.length === out.length && out.every((item, i) => prev[i] === item);
    return same ? prev : out;
  }
}

/** The table read of each Entity class (the memo cache is per node object). */
const tableReads = new WeakMap<typeof Entity, SchemaNode>();

function entityNodeOf(Entity: unknown, selector: string): SchemaNode {
  if (!isEntityClass(Entity)) {
    throw new TypeError(
      `[rtk-rest] ${selector}(state, Entity, …) reads an Entity class, got ${String(toNode(Entity)?.describe() ?? Entity)}.${process.env.NODE_ENV !== 'production' ? ` For example rest.${selector}(state, Post${selector === 'selectEntity' ? ', 5' : ''}). Read collections, unions and queries with rest.selectQuery.` : ''}`,
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
      const view = viewIn(ctx, state);
      return ctx.memo.read(node, String(pk), ctx.reader(view), entitiesToken(view.entities), []).data as AbstractInstanceType<TEntity> | undefined;
    },
    /** Every stored, non-deleted instance of the type, in table order; `[]` before any. */
    selectEntities<TEntity extends typeof Entity>(state: unknown, Entity: TEntity): AbstractInstanceType<TEntity>[] {
      let node = tableReads.get(Entity);
      if (node === undefined) tableReads.set(Entity, (node = new EntityTableRead(entityNodeOf(Entity, 'selectEntities'), Entity.key)));
      const view = viewIn(ctx, state);
      return ctx.memo.read(node, null, ctx.reader(view), entitiesToken(view.entities), []).data as AbstractInstanceType<TEntity>[];
    },
  };
}
