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

// How a member reads in error messages, from its definition: the schemas holding members (Array,
// Values, Object) describe themselves outside any normalize or denormalize call, where no
// `Resolve` is at hand. They follow the shapes `toNode` gives.

/** A schema member (see `isSchemaLike`) as it reads in messages: `Post`, `[Post]`, `{ posts: [Post], next }`. */
export function describeMember(member: unknown): string {
  if (member instanceof SchemaBase) return member.describe();
  if (isEntityClass(member)) return member.key;
  return Array.isArray(member) ? `[${describeMember(member[0])}]` : describeFields(member as Record<string, unknown>);
}

/** `{ a: Post, b }`: the schema members with their description, plain members by name. */
export function describeFields(fields: Record<string, unknown>): string {
  return `{ ${Object.keys(fields)
    .map((k) => (isSchemaLike(fields[k]) ? `${k}: ${describeMember(fields[k])}` : k))
    .join(', ')} }`;
}
