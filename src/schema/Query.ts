import { SchemaBase } from './node';
import type { DenormalizeContext, NormalizeContext, QueryContext, SchemaNode } from './node';
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
    const inner = this.inner.denormalize(value, ctx, undefined);
    if (inner === undefined) return undefined;
    const memo = ctx.memo;
    if (memo === undefined || typeof inner !== 'object' || inner === null) {
      return this.process(inner as Denormalize<S>, ...ctx.args);
    }
    let byValue = memo.queries.get(this);
    if (byValue === undefined) memo.queries.set(this, (byValue = new WeakMap()));
    let byArgs = byValue.get(inner);
    if (byArgs === undefined) byValue.set(inner, (byArgs = new Map()));
    const argsKey = JSON.stringify(ctx.args) ?? '';
    if (byArgs.has(argsKey)) return byArgs.get(argsKey);
    const out = this.process(inner as Denormalize<S>, ...ctx.args);
    byArgs.set(argsKey, out);
    return out;
  }

  override queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    return this.inner.queryKey(args, ctx);
  }
}
