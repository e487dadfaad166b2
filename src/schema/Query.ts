import { argsCacheKey } from '../internal/json';
import { SchemaBase } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, SchemaNode } from './node';
import { toNode } from './toNode';
import type { Denormalize } from './types';

/**
 * A value derived from a queryable schema (SPEC 4.38): reads `process(value, ...args)` where
 * `value` is the inner read, and `undefined` without calling `process` when that is undefined.
 * The output keeps its reference while the inner value does and the arguments encode the same.
 */
export class QuerySchema<S = any, R = unknown> extends SchemaBase<R> {
  private node?: SchemaNode;

  constructor(
    readonly schema: S,
    readonly process: (value: Denormalize<S>, ...args: any[]) => R,
  ) {
    super();
    if (typeof process !== 'function') throw new TypeError('[rtk-rest] schema.Query needs a process function as its second argument');
  }

  get inner(): SchemaNode {
    return (this.node ??= toNode(this.schema)!);
  }

  get queryable(): boolean {
    return this.inner.queryable;
  }

  describe(): string {
    return `Query(${this.inner.describe()})`;
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    return this.inner.normalize(input, parent, key, ctx);
  }

  denormalize(value: unknown, ctx: DenormalizeContext, _prev: unknown): unknown {
    const memo = ctx.memo;
    if (memo === undefined) {
      const inner = this.inner.denormalize(value, ctx, undefined);
      return inner === undefined || inner === null ? inner : this.process(inner as Denormalize<S>, ...ctx.args);
    }
    // The output keeps its reference while the inner read keeps its reference (4.38).
    let reads = memo.queries.get(this);
    if (reads === undefined) memo.queries.set(this, (reads = new Map()));
    const cacheKey = `${argsCacheKey(ctx.args)}\u0000${typeof value === 'string' ? value : ''}`;
    const last = reads.get(cacheKey);
    const inner = this.inner.denormalize(value, ctx, last?.inner);
    if (inner === undefined || inner === null) return inner;
    if (last !== undefined && last.inner === inner) return last.output;
    const output = this.process(inner as Denormalize<S>, ...ctx.args);
    reads.set(cacheKey, { inner, output });
    return output;
  }

  override queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    return this.inner.queryKey(args, ctx);
  }
}
