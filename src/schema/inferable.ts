import type { SchemaNode } from './node';
import { ObjectSchema } from './Object';
import { toNode } from './toNode';

/**
 * Whether a key without a result may be read from the tables by its endpoint's schema (see docs/concepts.md#schemas). An
 * object schema with plain members is queryable (they read as declared) but not inferable: its
 * plain fields (a next-page cursor) can only come from a response, so it is inferred only when
 * every key is an inferable schema. Only the store infers, so this lives apart from the schema
 * classes, out of the bundles of apps that use the schema engine alone.
 */
export function isInferable(node: SchemaNode): boolean {
  if (node instanceof ObjectSchema) {
    const members = node.members(toNode);
    return members.length === Object.keys(node.schema).length && members.every(([, member]) => isInferable(member));
  }
  return node.inferable ?? node.queryable;
}
