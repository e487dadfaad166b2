import { isEntityClass } from './Entity';
import { SchemaBase } from './node';

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

// Description and queryability of a member read from its definition, without resolving it to a
// node: the schemas holding members (Array, Values, Object) answer these outside any normalize or
// denormalize call, where no `Resolve` is at hand. They follow the shapes `toNode` gives.

/** How a member definition reads in error messages: `Post`, `[Post]`, `{ posts: [Post], next }`. */
export function describeMember(definition: unknown): string {
  if (definition instanceof SchemaBase) return definition.describe();
  if (isEntityClass(definition)) return definition.key;
  if (Array.isArray(definition)) return `[${describeMember(definition[0])}]`;
  if (typeof definition === 'object' && definition !== null) return describeFields(definition as Record<string, unknown>);
  return String(definition);
}

/** `{ a: Post, b }`: the schema members with their description, plain members by name. */
export function describeFields(fields: Record<string, unknown>): string {
  const parts = Object.keys(fields).map((k) => (isSchemaLike(fields[k]) ? `${k}: ${describeMember(fields[k])}` : k));
  return `{ ${parts.join(', ')} }`;
}

/** Whether a member definition is queryable: a queryable schema, an Entity class, or an object whose schema members all are (lists are not). */
export function isQueryableSchema(definition: unknown): boolean {
  if (definition instanceof SchemaBase) return definition.queryable;
  if (isEntityClass(definition)) return true;
  if (Array.isArray(definition) || typeof definition !== 'object' || definition === null) return false;
  return queryableFields(definition as Record<string, unknown>);
}

/** Whether an object schema's fields are queryable: it has schema members, and each is. */
export function queryableFields(fields: Record<string, unknown>): boolean {
  const members = Object.keys(fields).filter((k) => isSchemaLike(fields[k]));
  return members.length > 0 && members.every((k) => isQueryableSchema(fields[k]));
}
