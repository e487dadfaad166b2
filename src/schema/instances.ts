import { assignOwn, hasOwn, hasOwnProperty, setOwn } from '../internal/own';
import type { Entity } from './Entity';

type Fields = Record<string, unknown>;
export type Deserialize = (raw: unknown) => unknown;


/**
 * Builds the instances an entity class reads as (see docs/concepts.md#entities): the stored fields over the
 * class-field defaults, with deserializers applied.
 */
export class InstanceFactory {
  private defaults?: Fields;
  private defaultKeys?: string[];
  private template?: new () => Fields;
  /**
   * Deserialized field values per stored entity object (see docs/concepts.md#entities): reading an unchanged stored
   * entity again, through any read, yields the same `Date` (or other) object. Kept per class:
   * classes sharing a `static key` may deserialize the same stored field differently.
   */
  private readonly deserialized = new WeakMap<object, Fields>();

  constructor(
    private readonly cls: typeof Entity,
    private readonly key: string,
    readonly deserializers: readonly [string, Deserialize][],
  ) {}

  /** A new instance with class-field defaults (computed once per class) and the stored fields. */
  create(stored: Fields): Fields {
    let defaults = this.defaults;
    if (defaults === undefined) {
      defaults = { ...(new (this.cls as unknown as new () => object)() as Fields) };
      if (process.env.NODE_ENV !== 'production') for (const k of Object.keys(defaults)) deepFreezeDefault(defaults[k]);
      this.defaults = defaults;
      this.defaultKeys = Object.keys(defaults).filter((k) => k !== '__proto__');
      // Instances are made by a bare constructor sharing the class prototype: no field
      // initializers run per read (nested defaults such as `User.fromJS()` would), and V8 sizes
      // its objects for the fields they get.
      const Template = function (this: Fields) {} as unknown as new () => Fields;
      Template.prototype = this.cls.prototype;
      this.template = Template;
    }
    const instance = new this.template!();
    if (hasOwnProperty.call(stored, '__proto__')) return assignOwn(Object.assign(instance, defaults), stored);
    // Stored fields first, then only the defaults the stored object lacks: each field is set once.
    Object.assign(instance, stored);
    const keys = this.defaultKeys!;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (!hasOwnProperty.call(stored, k)) instance[k] = defaults[k];
    }
    return instance;
  }

  /** Applies `static schema` deserializers to present, non-null fields (see docs/concepts.md#entities). */
  deserialize(pk: string, stored: Fields, instance: Fields): void {
    let values = this.deserialized.get(stored);
    for (const [field, deserialize] of this.deserializers) {
      if (!hasOwn(stored, field)) continue;
      const raw = stored[field];
      if (raw === null || raw === undefined) continue;
      if (values !== undefined && hasOwn(values, field)) {
        setOwn(instance, field, values[field]);
        continue;
      }
      try {
        const value = deserialize(raw);
        if (values === undefined) this.deserialized.set(stored, (values = {}));
        setOwn(values, field, value);
        setOwn(instance, field, value);
      } catch (error) {
        if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${this.key} ${JSON.stringify(pk)}: deserializer for "${field}" threw; keeping the raw value.`, error);
      }
    }
  }
}

/** Defaults are shared by every instance read from the store, so they must not be mutated. */
function deepFreezeDefault(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) deepFreezeDefault(item);
  }
}
