import { preview } from '../internal/json';
import { assignOwn } from '../internal/own';
import type { AbstractInstanceType, EntityMeta } from './types';

/**
 * Base class of every entity type (see docs/concepts.md#entities, docs/internals.md#cycles). Instance fields declare the fields and their
 * defaults; `pk()` computes the primary key; statics tune normalization.
 *
 * @example
 * class User extends Entity {
 *   id = 0; username = ''; createdAt = new Date(0);
 *   pk() { return `${this.id}`; }
 *   static key = 'User';
 *   static schema = { createdAt: Date };
 * }
 */
export abstract class Entity {
  /**
   * The primary key. Called with `this` bound to the processed plain object (not an instance),
   * so read plain fields only. `undefined`, `null`, `''` and `NaN` mean "no pk".
   */
  abstract pk(parent?: any, key?: string, args?: readonly any[]): string | number | undefined | null;

  /** Name of the entity table. @default the class name (define it: names do not survive minification) */
  declare static key: string;

  /**
   * Nested schemas (an Entity class, a schema, `[X]`, `{…}`) and deserializers (any other
   * function: `Date`, a decimal class, `(raw) => value`) by field name.
   * @default {}
   */
  static schema: Record<string, unknown> = {};

  /**
   * Top-level fields kept in `indexes[key][field][value] = pk` for lookups (see docs/concepts.md#entities).
   * One pk per value: list only fields unique across every entity of this type the store may
   * hold (a username, a slug), not ones unique within a parent (a label name per repository).
   */
  static indexes?: readonly string[];

  /**
   * Fields that only a detail answer carries, when lists send summaries without them (see
   * docs/concepts.md#summaries-lists-that-leave-fields-out). A stored entity lacking one of them
   * is a summary: lists and queries read it as usual (absent fields keep their defaults), but a
   * detail read of a key without a result of its own (`get`, `fetchIfStale`, `useSuspense`) is
   * not answered from it and fetches. A field counts as present once any answer brought it, so
   * later summaries, merged over the stored entity, never make it a summary again.
   * @default undefined (no entity is a summary)
   * @example
   * class Article extends Entity {
   *   slug = ''; title = ''; body = '';
   *   pk() { return this.slug; }
   *   static key = 'Article';
   *   static detailFields = ['body']; // GET /articles leaves out body; GET /articles/:slug sends it
   * }
   */
  declare static detailFields?: readonly string[];

  /** Builds an instance: class-field defaults, then the own enumerable properties of `props`. */
  static fromJS<T extends typeof Entity>(
    this: T,
    props: Partial<AbstractInstanceType<T>> & Record<string, unknown> = {},
  ): AbstractInstanceType<T> {
    pkMethod(this);
    const instance = new (this as unknown as new () => AbstractInstanceType<T>)();
    return assignOwn(instance as object, props) as AbstractInstanceType<T>;
  }

  /** Runs `pk()` on a plain value; `undefined` when it yields no pk (see docs/concepts.md#entities). */
  static pk(value: object, parent?: unknown, key?: string, args?: readonly unknown[]): string | undefined {
    return pkOf(pkMethod(this).call(value, parent, key, args ?? []));
  }

  /** Shallow merge, later wins; nested objects are replaced, never merged (see docs/concepts.md#entities). */
  static merge(existing: any, incoming: any): any {
    return { ...existing, ...incoming };
  }

  /** `false` keeps the stored entity as it is. @default true */
  static shouldUpdate(_existingMeta: EntityMeta, _incomingMeta: EntityMeta, _existing: any, _incoming: any): boolean {
    return true;
  }

  /** Whether the incoming write is older than the stored one. @default incoming started earlier */
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, _existing: any, _incoming: any): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt;
  }

  /** The stored value after a write over an existing entity (see docs/concepts.md#entities). */
  static mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): any {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /** The stored meta after a write: the incoming one unless the write was older or skipped. */
  static mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existingMeta;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? existingMeta : incomingMeta;
  }

  /**
   * Runs first on every incoming entity object and returns the object to store (a shallow copy
   * by default). Returning `undefined` deletes the entity (see docs/concepts.md#entities); a
   * nested entity with no pk to delete by is left out of its field, list or values instead.
   */
  static process(input: any, _parent: unknown, _key: string | undefined, _args: readonly unknown[]): any {
    return { ...input };
  }

  /** A returned string rejects the entity with that message (see docs/concepts.md#entities). */
  static validate(_processed: any): string | undefined {
    return undefined;
  }
}

// `key` defaults to the class name. The setter lets `static key = 'X'` work when a user's
// compiler assigns static fields instead of defining them (useDefineForClassFields: false).
Object.defineProperty(Entity, 'key', {
  get(this: typeof Entity) {
    // In all builds (see docs/concepts.md#entities): an empty key would make every anonymous class share the table ''.
    if (this.name === '') throw new Error('Entity classes without a name must define static key');
    return this.name;
  },
  set(this: typeof Entity, value: string) {
    Object.defineProperty(this, 'key', { value, writable: true, enumerable: true, configurable: true });
  },
  configurable: true,
});

export function isEntityClass(value: unknown): value is typeof Entity {
  return typeof value === 'function' && value.prototype instanceof Entity;
}

/**
 * The `pk()` of an Entity class, checked as every use of the class as a schema checks it: a
 * non-empty `key`, an own `pk()`, and (in development) a well-formed `detailFields`. The statics
 * (`fromJS`, `pk`) check here rather than through the class's compiled node, which lives above
 * this module (entityNode.ts compiles nested schemas through `toNode`, which imports it).
 */
export function pkMethod(cls: typeof Entity): PkMethod {
  const key = cls.key;
  if (typeof key !== 'string' || key === '') throw new Error('Entity classes without a name must define static key');
  const pk = cls.prototype.pk as PkMethod;
  if (pk === Entity.prototype.pk) throw new Error(`${key} must define pk()`);
  if (process.env.NODE_ENV !== 'production') checkDetailFields(key, cls.detailFields);
  return pk;
}

/** `pk()` as called on a plain value: `this` is the value. */
export type PkMethod = (this: object, parent?: unknown, key?: string, args?: readonly unknown[]) => unknown;

/** What `pk()` returned as a pk: `undefined`, `null`, `''` and `NaN` (and the string "undefined") mean "no pk". */
export function pkOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '' || (typeof raw === 'number' && raw !== raw)) return undefined;
  const pk = String(raw);
  return pk === 'undefined' ? undefined : pk;
}

/** A misspelt `static detailFields` (a string, not an array) would silently mark nothing. */
function checkDetailFields(key: string, fields: unknown): void {
  if (fields !== undefined && (!Array.isArray(fields) || !fields.every((field) => typeof field === 'string'))) {
    throw new Error(`[rtk-rest] ${key}.detailFields must be an array of field names, got ${preview(fields)}. Write static detailFields = ['body'].`);
  }
}
