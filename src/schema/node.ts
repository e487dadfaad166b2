import { hasOwn } from '../internal/own';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { EntityReader } from './types';
import type { CollectionSchema } from './Collection';
import type { InvalidateSchema } from './Invalidate';
import type { UnionSchema } from './Union';

/**
 * The node of a member definition (an Entity class, a schema, `[X]`, `{…}`): `toNode`, handed
 * down by whoever starts a normalize, denormalize or query call (and by the walks over a schema
 * graph), so that schemas resolve their members through an argument instead of importing `toNode`,
 * which imports them (it wraps shorthands in Array and Object schemas and compiles Entity classes).
 */
export type Resolve = (definition: unknown) => SchemaNode | undefined;

/** What `queryKey` may read. */
export interface QueryContext {
  readonly reader: EntityReader;
  /** Resolves member definitions (see `Resolve`). */
  readonly resolve: Resolve;
}

/**
 * The internal protocol every schema implements. Entity classes are wrapped in an EntityNode
 * once per class; `[X]` and `{…}` shorthands are wrapped once per content (see `toNode`).
 */

export interface SchemaNode {
  /** Normalizes `input`; returns the value stored in its place (a pk, an array of pks, …). */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown;
  /** Reads a normalized value back. `prev` is the previous read at this place, for reuse. */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown;
  /** The normalized value that the arguments select, or `undefined` (queryable schemas only). */
  queryKey(args: readonly unknown[], ctx: QueryContext): unknown;
  /** Whether `selectQuery` may read this schema (see docs/internals.md#terms, docs/concepts.md#the-store). */
  readonly queryable: boolean;
  /** Whether an endpoint's read may be inferred from the tables (see docs/concepts.md#schemas); absent means `queryable`. */
  readonly inferable?: boolean;
  /** Whether a query read of this schema found anything (objects: some member did); absent means it did when defined. */
  found?(data: unknown): boolean;
  /** `Post`, `[Post]`, `Collection([Post])`, `{ results: Collection([Post]), next }` (see docs/concepts.md#errors-and-errorpolicy). */
  describe(): string;
}

/** Thrown by normalization for bad input; the Redux layer turns it into a processing error. */
export class NormalizeError extends Error {
  readonly status = 400;
  constructor(
    readonly problem: string,
    readonly schemaDescription = '',
  ) {
    super(schemaDescription ? `[rtk-rest] Error normalizing with schema ${schemaDescription}: ${problem}` : problem);
    this.name = 'NormalizeError';
  }
}


/**
 * Whether `value` is a `schema.Union`, told by a brand rather than `instanceof`: modules that only
 * test for unions (collections, resources, the store) then leave the Union class out of the
 * bundles of apps that never use one.
 */
export function isUnion(value: unknown): value is UnionSchema<any> {
  return value instanceof SchemaBase && (value as { isUnion?: unknown }).isUnion === true;
}

/**
 * Whether `value` is a `schema.Collection`, told by a brand: the endpoints' extenders look for one
 * in a schema, so apps whose endpoints have no Collection leave the Collection code out.
 */
export function isCollection(value: unknown): value is CollectionSchema<any> {
  return value instanceof SchemaBase && (value as { isCollection?: unknown }).isCollection === true;
}

/**
 * Whether `value` is a `schema.Invalidate`, told by a brand: the store tests every result for one
 * (deletes), so apps that delete nothing through it leave the Invalidate code out.
 */
export function isInvalidate(value: unknown): value is InvalidateSchema<any> {
  return value instanceof SchemaBase && (value as { isInvalidate?: unknown }).isInvalidate === true;
}

/** Base of every schema class; `toNode` recognizes schemas by it. */
export abstract class SchemaBase<TOut = unknown> implements SchemaNode {
  /** Type-only marker of the output type read by `Denormalize`; never set at runtime. @internal */
  declare readonly __denormalized?: TOut;
  /** Whether `selectQuery` may read this schema (see docs/internals.md#terms, docs/concepts.md#the-store). */
  abstract readonly queryable: boolean;
  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  abstract normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown;
  /** Reads a normalized value back (schema protocol). @internal */
  abstract denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown;
  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  abstract describe(): string;
  /** The normalized value that the arguments select; throws for schemas that are not queryable (schema protocol). @internal */
  queryKey(_args: readonly unknown[], _ctx: QueryContext): unknown {
    throw notQueryable(this.describe());
  }
}

/** The error for a query of a schema that cannot be read by arguments; what to query instead in development. */
export function notQueryable(description: string): TypeError {
  const fix = process.env.NODE_ENV !== 'production' ? ': query an Entity, Collection, All, Union, Query, or an object of them' : '';
  return new TypeError(`[rtk-rest] ${description} is not queryable${fix}.`);
}

/** Returns `prev` when `next` holds the same items, so unchanged lists keep their reference. */
export function reuseArray<T>(next: T[], prev: unknown): T[] {
  if (!Array.isArray(prev) || prev.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (prev[i] !== next[i]) return next;
  return prev as T[];
}

/** Returns `prev` when `next` has the same own keys and values. */
export function reuseObject<T extends Record<string, unknown>>(next: T, prev: unknown): T {
  if (typeof prev !== 'object' || prev === null || Array.isArray(prev)) return next;
  const p = prev as Record<string, unknown>;
  let count = 0;
  for (const k in next) {
    if (!hasOwn(next, k)) continue;
    count++;
    if (!hasOwn(p, k) || p[k] !== next[k]) return next;
  }
  return Object.keys(p).length === count ? (prev as T) : next;
}
