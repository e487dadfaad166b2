import { isDev } from '../internal/env';
import { describeType, jsonEqual, jsonifyFields, preview, toJSONValue } from '../internal/json';
import { assignOwn, hasOwn, setOwn } from '../internal/own';
import { Entity } from './Entity';
import { classifyDeserializer } from './deserializer';
import { entryHolds } from './denormalizeContext';
import { NormalizeError } from './node';
import { toNode } from './toNode';
import type { DenormalizeContext, InstanceEntry, MemoEntry } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, SchemaNode } from './node';
import type { EntityMeta } from './types';
import { sameMeta } from './normalizeContext';

type Fields = Record<string, unknown>;
type Deserialize = (raw: unknown) => unknown;

const hasOwnProperty = Object.prototype.hasOwnProperty;
/**
 * Deserialized field values per stored entity object (SPEC 4.8): reading an unchanged stored
 * entity again, through any read, yields the same `Date` (or other) object.
 */
const deserialized = new WeakMap<object, Fields>();
const ZERO_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 0 };
const nodes = new WeakMap<typeof Entity, EntityNode>();

/** The compiled form of an Entity class, built once per class on first use. */
export function entityNode(cls: typeof Entity): EntityNode {
  let node = nodes.get(cls);
  if (node === undefined) {
    node = new EntityNode(cls);
    nodes.set(cls, node);
  }
  return node;
}

export class EntityNode implements SchemaNode {
  readonly queryable = true;
  readonly key: string;
  readonly indexes: readonly string[];
  private readonly proto: object;
  private readonly pkFn: (this: object, parent?: unknown, key?: string, args?: readonly unknown[]) => unknown;
  private readonly defaultProcess: boolean;
  private readonly defaultValidate: boolean;
  private readonly defaultMerging: boolean;
  private nestedFields?: [string, SchemaNode][];
  private nestedNames?: string[];
  private deserializers?: [string, Deserialize][];
  private defaults?: Fields;
  private template?: new () => Fields;
  private defaultKeys?: string[];

  constructor(readonly cls: typeof Entity) {
    const key = cls.key;
    if (typeof key !== 'string' || key === '') {
      throw new Error('Entity classes without a name must define static key');
    }
    if (cls.prototype.pk === Entity.prototype.pk) throw new Error(`${key} must define pk()`);
    this.key = key;
    this.proto = cls.prototype;
    this.pkFn = cls.prototype.pk;
    this.indexes = cls.indexes ?? [];
    this.defaultProcess = cls.process === Entity.process;
    this.defaultValidate = cls.validate === Entity.validate;
    this.defaultMerging =
      cls.mergeWithStore === Entity.mergeWithStore &&
      cls.mergeMetaWithStore === Entity.mergeMetaWithStore &&
      cls.merge === Entity.merge &&
      cls.shouldReorder === Entity.shouldReorder &&
      cls.shouldUpdate === Entity.shouldUpdate;
  }

  describe(): string {
    return this.key;
  }

  /** Nested schemas, resolved lazily so that classes may refer to each other (and themselves). */
  private nested(): [string, SchemaNode][] {
    if (this.nestedFields === undefined) this.compileSchema();
    return this.nestedFields!;
  }

  private compileSchema(): void {
    const nested: [string, SchemaNode][] = [];
    const deserializers: [string, Deserialize][] = [];
    const definition = this.cls.schema ?? {};
    for (const field of Object.keys(definition)) {
      const member = definition[field];
      const schemaNode = typeof member === 'function' && !(member.prototype instanceof Entity) ? undefined : member;
      if (schemaNode !== undefined) nested.push([field, toNode(schemaNode)!]);
      else deserializers.push([field, classifyDeserializer(member as (raw: unknown) => unknown)]);
    }
    this.nestedFields = nested;
    this.nestedNames = nested.map(([field]) => field);
    this.deserializers = deserializers;
  }

  computePk(value: object, parent: unknown, key: string | undefined, args: readonly unknown[]): string | undefined {
    const raw = this.pkFn.call(value, parent, key, args);
    if (raw === undefined || raw === null || raw === '' || (typeof raw === 'number' && raw !== raw)) return undefined;
    const pk = String(raw);
    return pk === 'undefined' ? undefined : pk;
  }

  // ---------------------------------------------------------------- normalize

  normalize(input: unknown, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      if (parent !== undefined) {
        // Nested: a pk stands for a reference, null stays null (SPEC 5.10).
        if (input === null || input === undefined) return input;
        if (typeof input === 'string' || typeof input === 'number') return String(input);
      }
      throw new NormalizeError(`expected an object for ${this.key}, got ${describeType(input)}: ${preview(input)}`);
    }
    const stack = ctx.stack;
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i] === input) return ctx.stackPks[i];

    const processed = this.process(input, parent, fieldKey, ctx);
    if (processed === undefined) {
      const pk = this.requirePk(input, input, parent, fieldKey, ctx);
      this.writeTombstone(ctx, pk);
      return pk;
    }
    const pk = this.requirePk(processed, input, parent, fieldKey, ctx);
    if (!this.defaultValidate) {
      const problem = this.cls.validate(processed);
      if (typeof problem === 'string') throw new NormalizeError(problem);
    }
    const nested = this.nested();
    if (nested.length > 0) {
      stack.push(input);
      ctx.stackPks.push(pk);
      for (let i = 0; i < nested.length; i++) {
        const [field, node] = nested[i]!;
        if (!hasOwnProperty.call(processed, field)) continue;
        const value = node.normalize(processed[field], processed, field, ctx);
        if (field === '__proto__') setOwn(processed, field, value);
        else processed[field] = value;
      }
      stack.pop();
      ctx.stackPks.pop();
    }
    jsonifyFields(processed, this.nestedNames, !this.defaultProcess);
    this.writeEntity(ctx, pk, processed);
    return pk;
  }

  private process(input: object, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): Fields | undefined {
    if (this.defaultProcess) return { ...input } as Fields;
    const out: unknown = this.cls.process(input, parent, fieldKey, ctx.args);
    if (out === undefined) return undefined;
    if (typeof out !== 'object' || out === null || Array.isArray(out)) {
      throw new NormalizeError(`${this.key}.process() must return an object or undefined, got ${describeType(out)}: ${preview(out)}`);
    }
    // Never write into the caller's input, and store plain objects only.
    return out === input || Object.getPrototypeOf(out) !== Object.prototype ? ({ ...out } as Fields) : (out as Fields);
  }

  /** The pk of an incoming object after `process` (used to delete it, SPEC 4.37). */
  pkOfInput(input: object, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): string {
    const processed = this.process(input, parent, fieldKey, ctx);
    return this.requirePk(processed ?? input, input, parent, fieldKey, ctx);
  }

  private requirePk(value: object, input: object, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): string {
    const pk = this.computePk(value, parent, fieldKey, ctx.args);
    if (pk === undefined) {
      throw new NormalizeError(
        `missing primary key: ${this.key}.pk() returned no value for ${preview(input)}. ` +
          `Make sure the data holds the fields pk() reads, or add them in ${this.key}.process().`,
      );
    }
    return pk;
  }

  /** Writes an incoming entity over the stored cell per SPEC 4.13–4.17. */
  writeEntity(ctx: NormalizeContext, pk: string, incoming: Fields): void {
    const key = this.key;
    const existing = ctx.current(key, pk) as Fields | null | undefined;
    const incomingMeta = ctx.meta;
    if (existing === undefined) {
      ctx.write(key, pk, incoming, incomingMeta);
      if (this.indexes.length > 0) this.updateIndexes(ctx, pk, undefined, incoming);
      return;
    }
    const existingMeta = ctx.currentMeta(key, pk) ?? ZERO_META;
    if (existing === null || typeof existing !== 'object') {
      // A tombstone: older writes are ignored, later ones replace it outright (4.17).
      if (incomingMeta.fetchedAt < existingMeta.fetchedAt) return;
      ctx.write(key, pk, incoming, incomingMeta);
      if (this.indexes.length > 0) this.updateIndexes(ctx, pk, undefined, incoming);
      return;
    }
    let merged: Fields;
    let meta: EntityMeta;
    if (this.defaultMerging) {
      const older = incomingMeta.fetchedAt < existingMeta.fetchedAt;
      merged = older ? { ...incoming, ...existing } : { ...existing, ...incoming };
      meta = older ? existingMeta : incomingMeta;
    } else {
      merged = toJSONValue(this.cls.mergeWithStore(existingMeta, incomingMeta, existing, incoming)) as Fields;
      meta = this.cls.mergeMetaWithStore(existingMeta, incomingMeta, existing, incoming);
    }
    // Identical data keeps the stored object, so no reference anywhere changes (4.14).
    if (merged !== existing && jsonEqual(merged, existing)) merged = existing;
    if (merged === existing) {
      if (!sameMeta(meta, existingMeta)) ctx.writeMeta(key, pk, meta);
      return;
    }
    ctx.write(key, pk, merged, meta === existingMeta ? undefined : meta);
    if (this.indexes.length > 0 && merged !== existing) this.updateIndexes(ctx, pk, existing, merged);
  }

  writeTombstone(ctx: NormalizeContext, pk: string): void {
    const existing = ctx.current(this.key, pk);
    if (this.indexes.length > 0 && existing !== null && typeof existing === 'object') {
      this.updateIndexes(ctx, pk, existing as Fields, undefined);
    }
    ctx.write(this.key, pk, null, ctx.meta);
  }

  /** Keeps `indexes[key][field]` in step: old entries of this pk removed, new ones added (D17). */
  private updateIndexes(ctx: NormalizeContext, pk: string, before: Fields | undefined, after: Fields | undefined): void {
    for (const field of this.indexes) {
      const oldValue = before !== undefined && hasOwn(before, field) ? before[field] : undefined;
      const newValue = after !== undefined && hasOwn(after, field) ? after[field] : undefined;
      if (oldValue === newValue && before !== undefined) continue;
      if (oldValue !== undefined && oldValue !== null) {
        const text = String(oldValue);
        if (ctx.currentIndex(this.key, field, text) === pk) ctx.writeIndex(this.key, field, text, null);
      }
      if (newValue !== undefined && newValue !== null) {
        const text = String(newValue);
        if (ctx.currentIndex(this.key, field, text) !== pk) ctx.writeIndex(this.key, field, text, pk);
      }
    }
  }

  // -------------------------------------------------------------- denormalize

  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    if (value === null) return null;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    return this.read(String(value), ctx, prev);
  }

  /** Reads the entity `pk` as an instance (SPEC 4.21); memoized per stored object with a MemoState (5.13). */
  read(pk: string, ctx: DenormalizeContext, _prev?: unknown): object | undefined {
    const stored = ctx.reader.entity(this.key, pk);
    if (ctx.memo !== undefined) return this.readMemo(pk, stored, ctx);
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
    // A plain read builds every entity once; only entities with nested members can be part of
    // a cycle, so only they go through the identity map.
    const hasNested = this.nested().length > 0;
    if (hasNested) {
      const seen = ctx.inProgress.get(stored);
      if (seen !== undefined) return seen.instance;
    }
    if (!this.defaultValidate && typeof this.cls.validate(stored) === 'string') return undefined;
    const instance = this.create(stored as Fields);
    if (hasNested) {
      ctx.inProgress.set(stored, { instance, depth: 0 });
      this.fillNested(stored as Fields, instance, ctx, undefined);
    }
    if (this.deserializers!.length > 0) this.deserialize(pk, stored as Fields, instance);
    if (isDev) Object.freeze(instance);
    return instance;
  }

  private readMemo(pk: string, stored: unknown, ctx: DenormalizeContext): object | undefined {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      ctx.cells.push(this.key, pk, stored); // absent and deleted cells are dependencies too (5.13.6)
      return undefined;
    }
    const memo = ctx.memo!;
    const entry = memo.instances.get(stored);
    let previous: Fields | undefined;
    if (entry !== undefined) {
      // Found by this stored object, so its own cell (the first triple) holds already.
      if (entry.validAt === ctx.token || entryHolds(entry, ctx.reader, ctx.token, entry.cells[2] === stored ? 3 : 0)) {
        ctx.children.push(entry);
        return entry.instance;
      }
      previous = entry.instance as Fields;
    }
    const building = ctx.inProgress.get(stored);
    if (building !== undefined) {
      ctx.cells.push(this.key, pk, stored);
      if (building.depth < ctx.low) ctx.low = building.depth;
      return building.instance;
    }
    if (!this.defaultValidate && typeof this.cls.validate(stored) === 'string') {
      ctx.cells.push(this.key, pk, stored);
      return undefined;
    }
    return this.build(pk, stored as Fields, ctx, previous);
  }

  /** Builds an instance in its own dependency frame and caches its entry (cycle-aware). */
  private build(pk: string, stored: Fields, ctx: DenormalizeContext, previous: Fields | undefined): object {
    const outerCells = ctx.cells;
    const outerChildren = ctx.children;
    const outerLow = ctx.low;
    const cells: unknown[] = [this.key, pk, stored];
    const children: MemoEntry[] = [];
    ctx.cells = cells;
    ctx.children = children;
    ctx.low = Infinity;
    const depth = ++ctx.depth;
    const instance = this.create(stored);
    ctx.inProgress.set(stored, { instance, depth });
    this.fillNested(stored, instance, ctx, previous);
    if (this.deserializers!.length > 0) this.deserialize(pk, stored, instance);
    ctx.inProgress.delete(stored);
    ctx.depth--;
    const low = ctx.low;
    ctx.low = low < outerLow ? low : outerLow;
    ctx.cells = outerCells;
    ctx.children = outerChildren;
    if (isDev) Object.freeze(instance);
    if (low < depth) {
      // Inside a cycle whose root is still being built: its dependencies join the root's frame,
      // and it is cached with the root's entry once the root is done.
      for (let i = 0; i < cells.length; i++) outerCells.push(cells[i]);
      for (let i = 0; i < children.length; i++) outerChildren.push(children[i]!);
      ctx.deferred.push({ stored, instance, depth });
      return instance;
    }
    const entry: InstanceEntry = { instance, cells, children, validAt: ctx.token };
    const memo = ctx.memo!;
    memo.instances.set(stored, entry);
    const deferred = ctx.deferred;
    while (deferred.length > 0 && deferred[deferred.length - 1]!.depth > depth) {
      const member = deferred.pop()!;
      memo.instances.set(member.stored, { instance: member.instance, cells, children, validAt: ctx.token });
    }
    outerChildren.push(entry);
    return instance;
  }

  private fillNested(stored: Fields, instance: Fields, ctx: DenormalizeContext, previous: Fields | undefined): void {
    const nested = this.nested();
    for (let i = 0; i < nested.length; i++) {
      const [field, node] = nested[i]!;
      if (!hasOwnProperty.call(stored, field)) continue;
      const value = node.denormalize(stored[field], ctx, previous?.[field]);
      if (field === '__proto__') setOwn(instance, field, value);
      else instance[field] = value;
    }
  }

  /** Applies `static schema` deserializers to present, non-null fields (SPEC 4.6–4.9). */
  private deserialize(pk: string, stored: Fields, instance: Fields): void {
    let values = deserialized.get(stored);
    for (const [field, deserialize] of this.deserializers!) {
      if (!hasOwn(stored, field)) continue;
      const raw = stored[field];
      if (raw === null || raw === undefined) continue;
      if (values !== undefined && hasOwn(values, field)) {
        setOwn(instance, field, values[field]);
        continue;
      }
      try {
        const value = deserialize(raw);
        if (values === undefined) deserialized.set(stored, (values = {}));
        setOwn(values, field, value);
        setOwn(instance, field, value);
      } catch (error) {
        if (isDev) console.error(`[rtk-rest] ${this.key} ${JSON.stringify(pk)}: deserializer for "${field}" threw; keeping the raw value.`, error);
      }
    }
  }

  /** A new instance with class-field defaults (computed once per class) and the stored fields. */
  private create(stored: Fields): Fields {
    let defaults = this.defaults;
    if (defaults === undefined) {
      defaults = { ...(new (this.cls as unknown as new () => object)() as Fields) };
      if (isDev) for (const k of Object.keys(defaults)) deepFreezeDefault(defaults[k]);
      this.defaults = defaults;
      this.defaultKeys = Object.keys(defaults).filter((k) => k !== '__proto__');
      // Instances are made by a bare constructor sharing the class prototype: no field
      // initializers run per read (nested defaults such as `User.fromJS()` would), and V8 sizes
      // its objects for the fields they get.
      const Template = function (this: Fields) {} as unknown as new () => Fields;
      Template.prototype = this.proto;
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

  // ------------------------------------------------------------------ queries

  /** Lookup by arguments (SPEC 4.20): a pk, an object's pk, or its first indexed field. */
  queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    const arg = args[0];
    if (typeof arg === 'string' || typeof arg === 'number') return String(arg);
    if (typeof arg !== 'object' || arg === null) return undefined;
    const pk = this.computePk(arg, undefined, undefined, args);
    if (pk !== undefined) return pk;
    for (const field of this.indexes) {
      const value = (arg as Fields)[field];
      if (hasOwn(arg, field) && value !== undefined && value !== null) {
        return ctx.reader.index(this.key, field, String(value));
      }
    }
    return undefined;
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
