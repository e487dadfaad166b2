import { describeType, encodeArgValue, jsonEqual, preview, stableArgsKey } from '../internal/json';
import { hasOwn, setOwn } from '../internal/own';
import { ArraySchema, denormalizeItems, normalizeItems } from './Array';
import type { Entity } from './Entity';
import { isEntityClass } from './Entity';
import { entityNode } from './entityNode';
import { isUnion, NormalizeError, SchemaBase } from './node';
import { sameMeta } from './normalizeContext';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, Resolve, SchemaNode } from './node';
import { ValuesSchema, denormalizeValues } from './Values';
import { CollectionCreation, itemKey } from './CollectionCreation';
import { readStoredList } from './listCell';
import type { CreationMode } from './CollectionCreation';
import type { AbstractInstanceType, Denormalize } from './types';
import type { CollectionOptions, NonFilterArgumentKeys } from './namespace';

/** What a collection holds: `[X]`, `new schema.Array(X)` or `new schema.Values(X)`. @inline */
export type ItemsDefinition = readonly [unknown] | ArraySchema<any> | ValuesSchema<any>;
type ItemsOf<D> = D extends readonly [infer I] ? I : D extends ArraySchema<infer I> ? I : D extends ValuesSchema<infer I> ? I : never;
// The array forms are tested first: an `ArraySchema<any>` also fits `ValuesSchema<…>` (its output
// `any[]` fits `Record<string, any>`), never the reverse.
type CollectionOutput<D> = D extends readonly unknown[] | ArraySchema<any> ? Denormalize<ItemsOf<D>>[] : D extends ValuesSchema<infer I> ? Record<string, Denormalize<I>> : never;
/** Combines the stored list with an incoming one into the list to store. @inline */
type Merge = (existing: any, incoming: any) => any;

/** Paging arguments, in the spellings APIs use (see `nonFilterArgumentKeys`). */
const PAGING_KEYS = new Set(['limit', 'offset', 'page', 'cursor', 'per_page', 'perPage', 'page_size', 'pageSize']);

/**
 * A stored list (or dictionary) of entities identified by arguments (see docs/concepts.md#schemas).
 * Endpoints or nested fields computing the same table and pk share one collection.
 *
 * @example
 * const getTodos = new RestEndpoint({
 *   path: '/todos',
 *   searchParams: {} as { userId?: number },
 *   schema: new schema.Collection([Todo]),
 * });
 * await store.dispatch(rest.fetch(getTodos, { userId: 1 })); // stored as the list {"userId":"1"}
 * await store.dispatch(rest.fetch(getTodos.push, { userId: 1 }, { title: 'new' })); // appended to that list
 */
export class CollectionSchema<D extends ItemsDefinition = ItemsDefinition> extends SchemaBase<CollectionOutput<D>> {
  readonly queryable = true;
  /** The brand `isCollection` reads (node.ts). @internal */
  readonly isCollection = true;
  /** The table: `[Post]` for arrays, `{Post}` for Values; union members joined with `;`. */
  readonly key: string;
  /** The item list: an Array schema, or a Values schema for a dictionary. */
  readonly items: ArraySchema<any> | ValuesSchema<any>;
  /** Whether this is a dictionary (`Values`) collection. */
  readonly isValues: boolean;
  /** The object whose stable JSON is the collection's pk, from the call arguments (option `argsKey`). */
  readonly argsKey: (...args: any[]) => Record<string, unknown> | undefined;
  /** The pk object when the collection is nested in an entity (option `nestKey`). */
  readonly nestKey?: (parent: any, key: string) => Record<string, unknown>;
  /** How a write combines with the stored list; `undefined` replaces it by request start order. @internal */
  protected readonly mergeWith?: Merge;
  private readonly decoded = new Map<string, Record<string, unknown> | undefined>();
  private creations?: Map<string, CollectionCreation>;

  constructor(items: D, options: CollectionOptions = {}) {
    super();
    this.items = (Array.isArray(items) ? new ArraySchema(items[0]) : items) as ArraySchema<any> | ValuesSchema<any>;
    if (!(this.items instanceof ArraySchema) && !(this.items instanceof ValuesSchema)) {
      throw new TypeError('[rtk-rest] schema.Collection takes [Entity], new schema.Array(X) or new schema.Values(X)');
    }
    this.isValues = this.items instanceof ValuesSchema;
    const keys = memberKeys(this.items.schema).join(';');
    // The store recognizes these keys (isCollectionKey, collectionKey.ts).
    this.key = this.isValues ? `{${keys}}` : `[${keys}]`;
    this.argsKey = options.argsKey ?? ((...args: any[]) => args[0] ?? {});
    this.nestKey = options.nestKey;
    const filter = options.nonFilterArgumentKeys;
    if (filter !== undefined) this.nonFilterArgumentKeys = toKeyFilter(filter);
  }

  /**
   * Argument keys that do not restrict membership: ordering (`order…`) and paging (`limit`,
   * `offset`, `page`, `cursor`, `per_page` and their spellings), since a new item belongs in a list
   * whatever page size or position it was loaded with. Override in a subclass, or pass the option.
   */
  nonFilterArgumentKeys(key: string): boolean {
    return key.startsWith('order') || PAGING_KEYS.has(key);
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `Collection(${this.items.describe()})`;
  }

  /** The item schema, resolved through `resolve` (see `ItemSchema.item`). @internal */
  item(resolve: Resolve): SchemaNode {
    return this.items.item(resolve);
  }

  /** The collection pk for these arguments (see docs/concepts.md#schemas). */
  pk(args: readonly unknown[], parent?: unknown, key?: string): string {
    const source = parent !== undefined && key !== undefined && this.nestKey ? this.nestKey(parent, key) : this.argsKey(...args);
    return stableArgsKey(source);
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    const expectArray = !this.isValues;
    if (expectArray ? !Array.isArray(input) : typeof input !== 'object' || input === null || Array.isArray(input)) {
      if (parent !== undefined && (input === null || input === undefined)) return input;
      throw new NormalizeError(
        `expected ${expectArray ? 'an array' : 'an object'} for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`,
      );
    }
    const nested = ctx.stack.length > 0;
    const pk = this.pk(ctx.args, nested ? parent : undefined, nested ? key : undefined);
    const normalized = expectArray
      ? normalizeItems(this.item(ctx.resolve), input as unknown[], parent ?? input, key, ctx).filter((item) => item !== null)
      : this.items.normalize(input, parent ?? input, key, ctx);
    this.write(ctx, pk, normalized);
    return pk;
  }

  /** Stores the list per request start order (see docs/concepts.md#schemas), or through `mergeWith` (`addWith`). */
  private write(ctx: NormalizeContext, pk: string, incoming: unknown): void {
    const existing = ctx.current(this.key, pk);
    const meta = ctx.meta;
    if (existing === undefined || existing === null) {
      ctx.write(this.key, pk, incoming, meta);
      return;
    }
    let next = incoming;
    if (this.mergeWith !== undefined) {
      next = this.mergeWith(existing, incoming);
    } else {
      const existingMeta = ctx.currentMeta(this.key, pk);
      if (existingMeta !== undefined && meta.fetchedAt < existingMeta.fetchedAt) return; // older: the stored list wins
    }
    // An identical list keeps the stored array; only its meta moves (see docs/concepts.md#entities).
    if (!jsonEqual(next, existing)) ctx.write(this.key, pk, next, meta);
    else if (!sameMeta(meta, ctx.currentMeta(this.key, pk))) ctx.writeMeta(this.key, pk, meta);
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    if (typeof value !== 'string') return value === null ? null : undefined;
    const stored = ctx.reader.entity(this.key, value);
    if (typeof stored !== 'object' || stored === null) {
      ctx.dep(this.key, value, stored);
      return undefined;
    }
    const item = this.item(ctx.resolve);
    if (ctx.memo !== undefined) return readStoredList(ctx, item, this.key, value, stored);
    return Array.isArray(stored) ? denormalizeItems(item, stored, ctx, prev) : denormalizeValues(item, stored as Record<string, unknown>, ctx, prev);
  }

  /** The normalized value that the arguments select (schema protocol). @internal */
  override queryKey(args: readonly unknown[], _ctx: QueryContext): unknown {
    return this.pk(args);
  }

  /** Whether the stored collection `pk` accepts a creation with these arguments (see docs/concepts.md#schemas). */
  accepts(pk: string, args: readonly unknown[]): boolean {
    let filter = this.decoded.get(pk);
    if (!this.decoded.has(pk)) {
      try {
        const parsed: unknown = JSON.parse(pk);
        filter = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
      } catch {
        filter = undefined;
      }
      this.decoded.set(pk, filter);
    }
    if (filter === undefined) return false;
    const sources = args.map(argumentFields).filter((fields): fields is Record<string, unknown> => fields !== undefined);
    for (const k of Object.keys(filter)) {
      if (this.nonFilterArgumentKeys(k)) continue;
      const wanted = JSON.stringify(filter[k]);
      if (!sources.some((fields) => hasOwn(fields, k) && encodeArgValue(fields[k]) === wanted)) return false;
    }
    return true;
  }

  /** Appends created entities to every matching stored list (see docs/concepts.md#schemas). */
  get push(): CollectionCreation {
    return this.creation('push');
  }

  /** Prepends created entities to every matching stored list, keeping input order. */
  get unshift(): CollectionCreation {
    return this.creation('unshift');
  }

  /** Sets the given keys in every matching stored dictionary (`Values` collections). */
  get assign(): CollectionCreation {
    return this.creation('assign');
  }

  /** Removes the given entities from every matching stored list. */
  get remove(): CollectionCreation {
    return this.creation('remove');
  }

  /**
   * The collection of a list's pages: each page's pks are appended to the list's (new ones only),
   * the list found by `argsKey` (the page's arguments without its cursor). @internal
   */
  pages(argsKey: (...args: any[]) => Record<string, unknown> | undefined): CollectionSchema<D> {
    return this.addWith(appendNew, { argsKey });
  }

  /**
   * A collection of the same table whose writes combine with the stored list through `merge`
   * (ignoring request start order), e.g. appending a page (see docs/concepts.md#resources). `argsKey` may be
   * replaced, e.g. to drop a cursor argument.
   */
  addWith(merge: Merge, options: Pick<CollectionOptions, 'argsKey'> = {}): CollectionSchema<D> {
    const variant = Object.create(Object.getPrototypeOf(this)) as CollectionSchema<D>;
    Object.assign(variant, this, { mergeWith: merge, decoded: new Map(), creations: undefined });
    if (options.argsKey) Object.assign(variant, { argsKey: options.argsKey });
    Object.defineProperty(variant, 'nonFilterArgumentKeys', { value: (key: string) => this.nonFilterArgumentKeys(key), writable: true, configurable: true });
    return variant;
  }

  private creation(mode: CreationMode): CollectionCreation {
    const creations = (this.creations ??= new Map());
    let node = creations.get(mode);
    if (node === undefined) creations.set(mode, (node = new CollectionCreation(this, mode)));
    return node;
  }
}

/** Merge for `addWith`: append the incoming pks that are not yet present (pagination). */
export function appendNew(existing: unknown, incoming: unknown): unknown {
  if (!Array.isArray(existing) || !Array.isArray(incoming)) return incoming;
  const present = new Set(existing.map(itemKey));
  const added = incoming.filter((item) => !present.has(itemKey(item)));
  return added.length === 0 ? existing : existing.concat(added);
}

/** The fields of an argument the filter compares with: an object, or a FormData's entries. */
function argumentFields(arg: unknown): Record<string, unknown> | undefined {
  if (typeof FormData !== 'undefined' && arg instanceof FormData) {
    const fields: Record<string, unknown> = {};
    arg.forEach((value, k) => {
      if (typeof value === 'string') setOwn(fields, k, value);
    });
    return fields;
  }
  return typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : undefined;
}

function toKeyFilter(option: NonFilterArgumentKeys): (key: string) => boolean {
  if (typeof option === 'function') return option;
  if (option instanceof RegExp) return (key) => option.test(key);
  const keys = new Set(option);
  return (key) => keys.has(key);
}

function memberKeys(schema: unknown): string[] {
  if (isUnion(schema)) return schema.nodes.map((node) => node.key);
  if (isEntityClass(schema)) return [entityNode(schema as typeof Entity).key];
  throw new TypeError('[rtk-rest] schema.Collection items must be an Entity class or a schema.Union');
}

export type CollectionItems<C> = C extends CollectionSchema<infer D> ? ItemsOf<D> : never;
export type { AbstractInstanceType };
