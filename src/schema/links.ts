import type { Entity } from './Entity';
import type { EntityNode } from './entityNode';
import type { SchemaNode } from './node';

/*
 * Late links between schema modules that recurse into each other at call time: `toNode` wraps
 * `[X]` and `{…}` in Array and Object schemas and compiles Entity classes, while those schemas
 * and compiled entities resolve their members through `toNode`; `Entity`'s statics use its
 * compiled node. Importing each other at load time made a runtime import cycle (importing
 * Values.ts first threw "Class extends value undefined"). Instead the higher module provides
 * its function here when it loads (toNode.ts, entityNode.ts), and the lower ones call it
 * through this module, which imports nothing at runtime. The package entry loads both.
 */

let resolveNode: ((definition: unknown) => SchemaNode | undefined) | undefined;
let compileEntity: ((cls: typeof Entity) => EntityNode) | undefined;

function notLoaded(module: string): Error {
  return new Error(`[rtk-rest] schema/${module}.ts is not loaded: load the schema layer through its entry (the package, or src/schema/index.ts), not through single schema files.`);
}

/** Called once by toNode.ts as it loads. */
export function provideToNode(toNode: (definition: unknown) => SchemaNode | undefined): void {
  resolveNode = toNode;
}

/** Called once by entityNode.ts as it loads. */
export function provideEntityNode(entityNode: (cls: typeof Entity) => EntityNode): void {
  compileEntity = entityNode;
}

// The checks below are development only: the package entry always loads both providers, so only
// a development setup that loads single files can meet them (in production it fails just as well,
// without the advice).

/** `toNode` for the modules below it (ItemSchema, Object, entityNode). */
export function nodeOf(definition: unknown): SchemaNode | undefined {
  if (process.env.NODE_ENV !== 'production' && resolveNode === undefined) throw notLoaded('toNode');
  return resolveNode!(definition);
}

/** `entityNode` for the module below it (Entity). */
export function compiledEntity(cls: typeof Entity): EntityNode {
  if (process.env.NODE_ENV !== 'production' && compileEntity === undefined) throw notLoaded('entityNode');
  return compileEntity!(cls);
}
