import { getOwn, hasOwn, setOwn } from '../internal/own';
import { isEntityClass } from './Entity';
import { EntityNode, entityNode } from './entityNode';
import { isCollection, isInvalidate, isUnion } from './node';
import type { SchemaNode } from './node';
import { ItemSchema } from './ItemSchema';
import { ObjectSchema } from './Object';
import { toNode } from './toNode';

/**
 * An entity that moved to another pk (an update answered with a new slug or name): every stored
 * reference to `key`/`from` is to point at `key`/`to` (see docs/concepts.md#resources).
 */
export interface PkChange {
  readonly key: string;
  readonly from: string;
  readonly to: string;
}

// Why one function over the schema classes instead of a method of every schema: references are
// rewritten only when a pk changes, a rare event, so the schemas' hot paths stay as they are and
// a schema unknown here (a user's own SchemaBase) keeps its stored values unchanged.

/**
 * `value`, stored in the place of `node`, with its references to `change.from` pointing at
 * `change.to`; `value` itself when it holds none. A collection's pk and other schemas' values
 * are kept: a collection's list is a cell of its own (see `movedCell`).
 */
export function movedReferences(node: SchemaNode, value: unknown, change: PkChange): unknown {
  if (value === null || value === undefined) return value;
  if (node instanceof EntityNode) return node.key === change.key && isRef(value) && String(value) === change.from ? change.to : value;
  if (isInvalidate(node)) return movedReferences(targetNode(node.schema), value, change);
  if (isUnion(node)) return movedUnionRef(node.schema as Record<string, unknown>, value, change);
  if (isCollection(node)) return value;
  // An Array stores an array of its items, a Values an object of them (told apart by the value, so
  // that an app without Values does not bundle it).
  if (node instanceof ItemSchema) {
    const item = (node as ItemSchema<unknown, unknown>).item(toNode);
    if (Array.isArray(value)) return movedItems(item, value, change);
    return isPlainObject(value) ? movedFields(value, Object.keys(value).map((field) => [field, item]), change) : value;
  }
  if (node instanceof ObjectSchema) return isPlainObject(value) ? movedFields(value, node.members(toNode), change) : value;
  return value;
}

/**
 * A stored cell of a table with its references moved: an entity's nested fields, or a collection's
 * list (`node` is then the collection's items, as `schemaTables` gives them).
 */
export function movedCell(node: SchemaNode, cell: unknown, change: PkChange): unknown {
  if (!(node instanceof EntityNode)) return movedReferences(node, cell, change);
  return isPlainObject(cell) ? movedFields(cell, node.nested(toNode), change) : cell;
}

/**
 * Every table the schemas write whose cells can hold references, with what reads one of its
 * cells: an entity table with nested schemas (its EntityNode), a collection table (its items,
 * Array or Values). Follows nested schemas, cycles included.
 */
export function schemaTables(definitions: Iterable<unknown>): Map<string, SchemaNode> {
  const tables = new Map<string, SchemaNode>();
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode | undefined): void => {
    if (node === undefined || seen.has(node)) return;
    seen.add(node);
    if (node instanceof EntityNode) {
      const nested = node.nested(toNode);
      if (nested.length > 0 && !tables.has(node.key)) tables.set(node.key, node);
      for (const [, child] of nested) visit(child);
    } else if (isCollection(node)) {
      if (!tables.has(node.key)) tables.set(node.key, node.items);
      visit(node.items);
    } else if (isInvalidate(node)) visit(targetNode(node.schema));
    else if (isUnion(node)) node.nodes.forEach(visit);
    else if (node instanceof ItemSchema) visit((node as ItemSchema<unknown, unknown>).item(toNode));
    else if (node instanceof ObjectSchema) for (const [, child] of node.members(toNode)) visit(child);
  };
  for (const definition of definitions) visit(toNodeOrUndefined(definition));
  return tables;
}

function toNodeOrUndefined(definition: unknown): SchemaNode | undefined {
  try {
    return toNode(definition);
  } catch {
    // Not a schema (an endpoint's odd `schema` option): it writes no table.
    return undefined;
  }
}

function targetNode(schema: unknown): SchemaNode {
  return isEntityClass(schema) ? entityNode(schema) : (schema as SchemaNode);
}

/** A union's stored `{ id, schema }` (the member's name) pointing at `to` when it names the moved entity. */
function movedUnionRef(members: Record<string, unknown>, value: unknown, change: PkChange): unknown {
  if (!isPlainObject(value) || !isRef(value.id) || String(value.id) !== change.from || typeof value.schema !== 'string') return value;
  const member = getOwn(members, value.schema);
  return isEntityClass(member) && entityNode(member).key === change.key ? { ...value, id: change.to } : value;
}

/** A list with its references moved; a list that already holds the new pk keeps it once, where it was. */
function movedItems(item: SchemaNode, items: readonly unknown[], change: PkChange): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const moved = movedReferences(item, items[i], change);
    if (moved !== items[i]) (out ??= items.slice())[i] = moved;
  }
  if (out === undefined) return items as unknown[];
  if (!(item instanceof EntityNode) || !items.some((value) => isRef(value) && String(value) === change.to)) return out;
  return out.filter((value, i) => value === items[i]);
}

function movedFields(value: Record<string, unknown>, fields: readonly (readonly [string, SchemaNode])[], change: PkChange): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [field, node] of fields) {
    if (!hasOwn(value, field)) continue;
    const moved = movedReferences(node, value[field], change);
    if (moved !== value[field]) setOwn((out ??= { ...value }), field, moved);
  }
  return out ?? value;
}

function isRef(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
