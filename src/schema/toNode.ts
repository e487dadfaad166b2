import { preview } from '../internal/json';
import { ArraySchema } from './Array';
import { Entity, isEntityClass } from './Entity';
import { entityNode } from './entityNode';
import { SchemaBase } from './node';
import { isSchemaLike } from './schemaLike';
import type { SchemaNode } from './node';
import { ObjectSchema } from './Object';

const shorthands = new WeakMap<object, SchemaNode>();

/**
 * The node for a schema definition: schema instances are their own node, Entity classes get a
 * compiled node, `[X]` and `{…}` shorthands are wrapped once per literal, and equal literals
 * share one node (see `internShorthand`). `undefined`/`null` mean "no schema".
 */
export function toNode(definition: unknown): SchemaNode | undefined {
  if (definition === undefined || definition === null) return undefined;
  if (definition instanceof SchemaBase) return definition;
  if (isEntityClass(definition)) return entityNode(definition);
  if (typeof definition === 'object') {
    let node = shorthands.get(definition);
    if (node === undefined) {
      if (Array.isArray(definition) && definition.length !== 1) throw new Error(`Expected a single schema in [ ], found ${definition.length}`);
      node = internShorthand(definition);
      shorthands.set(definition, node);
    }
    return node;
  }
  // Development only: in production Entity itself is "not a schema" like any other value.
  if (process.env.NODE_ENV !== 'production' && definition === Entity) throw new TypeError('[rtk-rest] use a subclass of Entity as a schema, not Entity itself');
  throw new TypeError(`[rtk-rest] not a schema: ${preview(String(definition))}.${process.env.NODE_ENV !== 'production' ? ' Use an Entity class, a schema, [X] or { … }.' : ''}`);
}

/** A step of the shorthand trie: strings (keys, JSON values) and objects (classes, schemas) lead on. */
interface Trie {
  byString?: Map<string, Trie>;
  byObject?: WeakMap<object, Trie>;
  node?: SchemaNode;
}

const trie: Trie = {};

/**
 * The node of a `[X]` or `{…}` literal, shared by every equal literal: same keys in the same
 * order, the same classes and schema instances, equal nested literals and equal JSON values.
 * Memoized reads are cached per node, so a literal written inline at each call
 * (`memo.denormalize({ data: Article }, …)`, `selectQuery(state, { results: Collection })`) keeps
 * its answers instead of starting a new cache every time.
 */
function internShorthand(definition: object): SchemaNode {
  let at = step(trie, Array.isArray(definition) ? '[' : '{');
  if (Array.isArray(definition)) at = step(at, identity(definition[0]));
  else {
    const fields = definition as Record<string, unknown>;
    for (const key of Object.keys(fields)) at = step(step(at, key), identity(fields[key]));
  }
  return (at.node ??= Array.isArray(definition) ? new ArraySchema(definition[0]) : new ObjectSchema(definition as Record<string, unknown>));
}

/** What two literals' members must share: nodes of nested literals, classes and schemas by reference, JSON values by content. */
function identity(member: unknown): string | object {
  if (typeof member === 'object' && member !== null) {
    if (member instanceof SchemaBase) return member;
    const plain = Array.isArray(member) || Object.getPrototypeOf(member) === Object.prototype;
    if (plain && isSchemaLike(member)) return toNode(member)!;
    return plain ? jsonIdentity(member) : member;
  }
  if (typeof member === 'function') return member;
  return `${typeof member}:${String(member)}`;
}

function jsonIdentity(value: object): string | object {
  try {
    return `json:${JSON.stringify(value)}`;
  } catch {
    return value; // not JSON (a cycle, a BigInt): only the same object is equal
  }
}

function step(from: Trie, key: string | object): Trie {
  let next: Trie | undefined;
  if (typeof key === 'string') {
    const map = (from.byString ??= new Map());
    next = map.get(key);
    if (next === undefined) map.set(key, (next = {}));
  } else {
    const map = (from.byObject ??= new WeakMap());
    next = map.get(key);
    if (next === undefined) map.set(key, (next = {}));
  }
  return next;
}
