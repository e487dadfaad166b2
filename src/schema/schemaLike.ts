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
