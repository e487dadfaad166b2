import { SchemaBase } from './node';
import type { Resolve, SchemaNode } from './node';

/** A schema around one item schema (Array, Values): the item resolved on first use. */
export abstract class ItemSchema<TOut, S> extends SchemaBase<TOut> {
  readonly queryable: boolean = false;
  private node?: SchemaNode;

  constructor(readonly schema: S) {
    super();
  }

  /**
   * The item schema, resolved on first use so that declaration order does not matter; `resolve`
   * is the caller's (a context's, or `toNode` for walks over the schema graph). @internal
   */
  item(resolve: Resolve): SchemaNode {
    return (this.node ??= resolve(this.schema)!);
  }
}
