import { hasOwn } from '../internal/own';
import { EntityNode, entityNode } from './entityNode';
import { isUnion } from './node';
import type { SchemaNode } from './node';
import { ObjectSchema } from './Object';
import { toNode } from './toNode';
import type { EntityReader } from './types';

/**
 * Whether the query `result` of `node` (what `queryKey` selected) names a stored summary: an entity
 * lacking one of its class's `detailFields` (see docs/concepts.md#summaries-lists-that-leave-fields-out).
 * The store then infers nothing for a detail endpoint's key, so it fetches rather than show the
 * summary. Looked at: the entity the schema is, an object's members, a union's member; not items
 * of lists, nor nested fields, which may be summaries (that is what lists show). Only the store
 * infers, so this lives apart from the schema classes, out of the bundles of apps that use the
 * schema engine alone.
 */
export function selectsSummary(node: SchemaNode, result: unknown, reader: EntityReader): boolean {
  if (typeof result === 'object' && result !== null) {
    if (node instanceof ObjectSchema) return node.members(toNode).some(([key, member]) => selectsSummary(member, (result as Record<string, unknown>)[key], reader));
    // A union's query result is `{ id, schema }`: the pk, and the name of the member class.
    const { id, schema } = result as { id: unknown; schema: string };
    return isUnion(node) && hasOwn(node.schema, schema) && selectsSummary(entityNode(node.schema[schema]!), id, reader);
  }
  if (!(node instanceof EntityNode) || typeof result !== 'string') return false;
  const fields = node.cls.detailFields;
  // Absent and deleted entities are no summary: they read as missing anyway.
  const stored: unknown = fields && reader.entity(node.key, result);
  return typeof stored === 'object' && stored !== null && fields!.some((field) => !hasOwn(stored, field));
}
