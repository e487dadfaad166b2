import { preview } from '../internal/json';
import { ArraySchema } from './Array';
import { Entity, isEntityClass } from './Entity';
import { entityNode } from './entityNode';
import { provideToNode } from './links';
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

provideToNode(toNode);
