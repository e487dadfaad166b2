import { argsCacheKey } from '../internal/json';
import { isInferable } from './inferable';
import { SchemaBase } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, SchemaNode } from './node';
import { toNode } from './toNode';
import type { Denormalize } from './types';

/**
 * A value derived from a queryable schema (see docs/concepts.md#schemas): reads `process(value, ...args)` where
 * `value` is the inner read, and `undefined` without calling `process` when that is undefined.
 * The output keeps its reference while the inner value does and the arguments encode the same.
 *
 * @example
 * const postsByAuthor = new schema.Query(new schema.All(Post), (posts, { author }: { author: string }) =>
 *   posts.filter((post) => post.author.username === author),
 * );
 * rest.selectQuery(store.getState(), postsByAuthor, { author: 'ann' }); // Post[] or undefined
 */
export class QuerySchema<S = any, R = unknown> extends SchemaBase<R> {
  private node?: SchemaNode;

  constructor(
    /** The queryable schema read first. */
    readonly schema: S,
    /** Derives the output from the inner read and the query's arguments; should be pure. */
    readonly process: (value: Denormalize<S>, ...args: any[]) => R,
  ) {
    super();
    if (typeof process !== 'function') throw new TypeError('[rtk-rest] schema.Query needs a process function as its second argument');
  }

  /** The inner schema, resolved on first use. @internal */
  get inner(): SchemaNode {
    return (this.node ??= toNode(this.schema)!);
  }

  /** Whether the inner schema is queryable. */
  get queryable(): boolean {
    return this.inner.queryable;
  }

  /** Whether an endpoint's read may be inferred (the inner schema's). @internal */
  get inferable(): boolean {
    return isInferable(this.inner);
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `Query(${this.inner.describe()})`;
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    return this.inner.normalize(input, parent, key, ctx);
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, _prev: unknown): unknown {
    const memo = ctx.memo;
    if (memo === undefined) {
      const inner = this.inner.denormalize(value, ctx, undefined);
      return inner === undefined || inner === null ? inner : this.process(inner as Denormalize<S>, ...ctx.args);
    }
    // The output keeps its reference while the inner read keeps its reference (see docs/concepts.md#schemas).
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

  /** The normalized value that the arguments select (schema protocol). @internal */
  override queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    return this.inner.queryKey(args, ctx);
  }
}
