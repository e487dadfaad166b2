import { SchemaBase } from './node';
import type { SchemaNode } from './node';
import { nodeOf as toNode } from './links';

/** A schema around one item schema (Array, Values): the item resolved on first use. */
export abstract class ItemSchema<TOut, S> extends SchemaBase<TOut> {
  readonly queryable: boolean = false;
  private node?: SchemaNode;

  constructor(readonly schema: S) {
    super();
  }

  /** The item schema, resolved on first use so that declaration order does not matter. @internal */
  get item(): SchemaNode {
    return (this.node ??= toNode(this.schema)!);
  }
}
