import { preview } from '../internal/json';
import { ArraySchema } from './Array';
import { Entity, isEntityClass } from './Entity';
import { entityNode } from './entityNode';
import { SchemaBase } from './node';
import type { SchemaNode } from './node';
import { ObjectSchema } from './Object';

const shorthands = new WeakMap<object, SchemaNode>();

/**
 * The node for a schema definition: schema instances are their own node, Entity classes get a
 * compiled node, `[X]` and `{…}` shorthands are wrapped once per literal. `undefined`/`null`
 * mean "no schema".
 */
export function toNode(definition: unknown): SchemaNode | undefined {
  if (definition === undefined || definition === null) return undefined;
  if (definition instanceof SchemaBase) return definition;
  if (isEntityClass(definition)) return entityNode(definition);
  if (typeof definition === 'object') {
    let node = shorthands.get(definition);
    if (node === undefined) {
      if (Array.isArray(definition)) {
        if (definition.length !== 1) throw new Error(`Expected a single schema in [ ], found ${definition.length}`);
        node = new ArraySchema(definition[0]);
      } else {
        node = new ObjectSchema(definition as Record<string, unknown>);
      }
      shorthands.set(definition, node);
    }
    return node;
  }
  if (definition === Entity) throw new TypeError('[rtk-rest] use a subclass of Entity as a schema, not Entity itself');
  throw new TypeError(`[rtk-rest] not a schema: ${preview(String(definition))}. Use an Entity class, a schema, [X] or { … }.`);
}

/** Whether a member of an object schema is itself a schema (other members are plain data). */
export function isSchemaLike(value: unknown): boolean {
  if (value instanceof SchemaBase || isEntityClass(value)) return true;
  if (Array.isArray(value)) {
    if (value.length === 1) return isSchemaLike(value[0]);
    if (value.some(isSchemaLike)) throw new Error(`Expected a single schema in [ ], found ${value.length}`);
    return false;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).some(isSchemaLike);
  }
  return false;
}
