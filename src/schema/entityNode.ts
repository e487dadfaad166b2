import { describeType, jsonifyFields, NotJSONError, preview } from '../internal/json';
import { hasOwn, hasOwnProperty, setOwn } from '../internal/own';
import { Entity, pkMethod, pkOf } from './Entity';
import type { PkMethod } from './Entity';
import { classifyDeserializer } from './deserializer';
import { chainGet, chainSet } from './denormalizeContext';
import { NormalizeError } from './node';
import { writeEntity, writeTombstone } from './entityWrite';
import { InstanceFactory } from './instances';
import type { Deserialize } from './instances';
import type { DenormalizeContext } from './denormalizeContext';
import { Deeper, readCell, reusedAt } from './memoCell';
import type { CellReader } from './memoCell';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, Resolve, SchemaNode } from './node';

// Development mode (docs/internals.md#development-only-code), read once here because it guards a hot path (a freeze per instance). The expression is
// spelled `process.env.NODE_ENV`, which bundlers replace, so a production browser bundle (where no
// `process` exists) reads `false`; a `typeof process` test first would not be replaced and would
// take the dev path there. Without a bundler and without `process` the read throws:
// importing must not, so that case counts as development (internal/process.d.ts).
const isDev = readIsDev();

function readIsDev(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

type Fields = Record<string, unknown>;

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

export class EntityNode implements SchemaNode, CellReader {
  readonly queryable = true;
  readonly key: string;
  readonly indexes: readonly string[];
  private readonly pkFn: PkMethod;
  private readonly defaultProcess: boolean;
  private readonly defaultValidate: boolean;
  readonly defaultMerging: boolean;
  private nestedFields?: [string, SchemaNode][];
  private schemaFields?: [string, unknown][];
  private nestedNames?: string[];
  private instances?: InstanceFactory;
  private reachesBack?: boolean;

  constructor(readonly cls: typeof Entity) {
    this.pkFn = pkMethod(cls);
    this.key = cls.key;
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

  /** Builds the instances this class reads as (compiled with the schema, on first use). */
  private get factory(): InstanceFactory {
    if (this.instances === undefined) this.compileSchema();
    return this.instances!;
  }

  /**
   * The fields holding nested schemas, with their nodes (references.ts follows them), resolved
   * on first use through `resolve` (a context's, or `toNode`) so that classes may refer to each
   * other (and themselves). @internal
   */
  nested(resolve: Resolve): [string, SchemaNode][] {
    if (this.nestedFields === undefined) {
      if (this.schemaFields === undefined) this.compileSchema();
      this.nestedFields = this.schemaFields!.map(([field, member]) => [field, resolve(member)!]);
    }
    return this.nestedFields;
  }

  /** Splits `static schema` into nested schemas (resolved by `nested`) and deserializers (kept by the instance factory). */
  private compileSchema(): void {
    const schemas: [string, unknown][] = [];
    const deserializers: [string, Deserialize][] = [];
    const definition = this.cls.schema ?? {};
    for (const field of Object.keys(definition)) {
      const member = definition[field];
      if (member === undefined || (typeof member === 'function' && !(member.prototype instanceof Entity))) deserializers.push([field, classifyDeserializer(member as (raw: unknown) => unknown)]);
      else schemas.push([field, member]);
    }
    this.schemaFields = schemas;
    this.nestedNames = schemas.map(([field]) => field);
    this.instances = new InstanceFactory(this.cls, this.key, deserializers);
  }

  computePk(value: object, parent: unknown, key: string | undefined, args: readonly unknown[]): string | undefined {
    return pkOf(this.pkFn.call(value, parent, key, args));
  }

  // ---------------------------------------------------------------- normalize

  normalize(input: unknown, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): unknown {
    // An array is no entity, unless the class's own process() turns it into one (a tuple answer).
    if (typeof input !== 'object' || input === null || (Array.isArray(input) && this.defaultProcess)) {
      if (parent !== undefined) {
        // Nested: a pk stands for a reference, null stays null (see docs/internals.md#the-write-path).
        if (input === null || input === undefined) return input;
        if (typeof input === 'string' || typeof input === 'number') return String(input);
      }
      throw new NormalizeError(`expected an object for ${this.key}, got ${describeType(input)}: ${preview(input)}`);
    }
    const stack = ctx.stack;
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i] === input) return ctx.stackPks[i];

    const processed = this.process(input, parent, fieldKey, ctx);
    if (processed === undefined) {
      // Nested and without a pk to delete: the entity is left out (its field, list item or
      // value), as an invalid entity is, rather than failing the whole answer.
      const pk = parent === undefined ? this.requirePk(input, input, parent, fieldKey, ctx) : this.computePk(input, parent, fieldKey, ctx.args);
      if (pk !== undefined) writeTombstone(this, ctx, pk);
      return pk;
    }
    const pk = this.requirePk(processed, input, parent, fieldKey, ctx);
    if (!this.defaultValidate) {
      const problem = this.cls.validate(processed);
      if (typeof problem === 'string') throw new NormalizeError(problem);
    }
    const nested = this.nested(ctx.resolve);
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
    try {
      jsonifyFields(processed, this.nestedNames, !this.defaultProcess);
    } catch (error) {
      if (!(error instanceof NotJSONError)) throw error;
      throw new NormalizeError(`${this.key} ${JSON.stringify(pk)}: ${error.message}.${process.env.NODE_ENV !== 'production' ? ` Convert or drop the field in ${this.key}.process() or the endpoint's process().` : ''}`);
    }
    writeEntity(this, ctx, pk, processed);
    return pk;
  }

  /** The object to store for `input` (`static process`), or `undefined` to delete it. @internal */
  process(input: object, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext): Fields | undefined {
    if (this.defaultProcess) return { ...input } as Fields;
    const out: unknown = this.cls.process(input, parent, fieldKey, ctx.args);
    if (out === undefined) return undefined;
    if (typeof out !== 'object' || out === null || Array.isArray(out)) {
      throw new NormalizeError(`${this.key}.process() must return an object or undefined, got ${describeType(out)}: ${preview(out)}`);
    }
    // Never write into the caller's input, and store plain objects only.
    return out === input || Object.getPrototypeOf(out) !== Object.prototype ? ({ ...out } as Fields) : (out as Fields);
  }

  /** The pk of `value` (processed from `input`), or the missing-pk error; `hint` replaces its usual advice. @internal */
  requirePk(value: object, input: object, parent: unknown, fieldKey: string | undefined, ctx: NormalizeContext, hint?: string): string {
    const pk = this.computePk(value, parent, fieldKey, ctx.args);
    if (pk === undefined) {
      // An optimistic creation's item without a pk shows under a placeholder (see docs/concepts.md#optimistic-updates).
      if (ctx.itemPlaceholder !== undefined && ctx.stack.length === 0) return ctx.itemPlaceholder;
      // What went wrong and the value in all builds; how to fix it in development (a bundler drops
      // it: spelled inside the template, as a local constant may stay behind as `let x = ""`).
      throw new NormalizeError(
        `missing primary key: ${this.key}.pk() returned no value for ${preview(input)}.${process.env.NODE_ENV !== 'production' ? ` ${hint ?? `Make sure the data holds the fields pk() reads, or add them in ${this.key}.process().`}` : ''}`,
      );
    }
    return pk;
  }

  // -------------------------------------------------------------- denormalize

  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    if (value === null) return null;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    return this.read(String(value), ctx, prev);
  }

  /** Reads the entity `pk` as an instance (see docs/concepts.md#entities); memoized per stored object with a MemoState (see docs/internals.md#memoized-reads). */
  read(pk: string, ctx: DenormalizeContext, _prev?: unknown): object | undefined {
    if (ctx.memo !== undefined) return reusedAt(ctx, this, this.key, pk) ?? this.readMemo(pk, ctx.reader.entity(this.key, pk), ctx);
    const stored = ctx.reader.entity(this.key, pk);
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
    // A plain read builds every entity once; only entities that their own members can reach again
    // can be part of a cycle, so only they go through the identity map.
    const hasNested = this.nested(ctx.resolve).length > 0;
    const cyclic = hasNested && this.opens(ctx);
    if (cyclic) {
      const seen = chainGet(ctx.inProgress, stored, this);
      if (seen !== undefined) return seen.instance;
    }
    if (!this.defaultValidate && typeof this.cls.validate(stored) === 'string') return undefined;
    const instance = this.factory.create(stored as Fields);
    if (hasNested) {
      // Too deep to go on by recursion: `denormalize` reads the whole value again, memoized, which splits deep reads.
      if (ctx.depth >= ctx.splitAt) throw new Deeper(undefined, this.key, pk, stored);
      if (cyclic) chainSet(ctx.inProgress, stored, { instance, by: this, depth: 0, next: undefined });
      ctx.depth++;
      this.fillNested(stored as Fields, instance, ctx, undefined);
      ctx.depth--;
    }
    if (this.factory.deserializers.length > 0) this.factory.deserialize(pk, stored as Fields, instance);
    if (isDev) Object.freeze(instance);
    return instance;
  }

  private readMemo(pk: string, stored: unknown, ctx: DenormalizeContext): object | undefined {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      ctx.cells.push(this.key, pk, stored); // absent and deleted cells are dependencies too (see docs/internals.md#memoized-reads)
      return undefined;
    }
    return readCell(ctx, this, this.key, pk, stored);
  }

  /** Whether a stored entity reads as missing: `validate` returns a message (see docs/concepts.md#entities). @internal */
  rejects(stored: object): boolean {
    return !this.defaultValidate && typeof this.cls.validate(stored) === 'string';
  }

  /**
   * Whether filling may come back to an instance being built (a cycle): not when every nested
   * member is an entity without nested members of its own (a post's author), which is most of
   * them. Any other member (a list, a union, an entity that nests) may. @internal
   */
  opens(ctx: DenormalizeContext): boolean {
    return (this.reachesBack ??= this.nested(ctx.resolve).some(([, node]) => !(node instanceof EntityNode && node.nested(ctx.resolve).length === 0)));
  }

  /** A new instance with the stored fields, before nested members are read. @internal */
  create(stored: object): object {
    return this.factory.create(stored as Fields);
  }

  /** Fills a memoized instance: nested members (reusing unchanged values of `previous`), then deserializers. @internal */
  fill(pk: string, stored: object, instance: object, ctx: DenormalizeContext, previous: object | undefined): void {
    this.fillNested(stored as Fields, instance as Fields, ctx, previous as Fields | undefined);
    if (this.factory.deserializers.length > 0) this.factory.deserialize(pk, stored as Fields, instance as Fields);
    if (isDev) Object.freeze(instance);
  }

  private fillNested(stored: Fields, instance: Fields, ctx: DenormalizeContext, previous: Fields | undefined): void {
    const nested = this.nested(ctx.resolve);
    for (let i = 0; i < nested.length; i++) {
      const [field, node] = nested[i]!;
      if (!hasOwnProperty.call(stored, field)) continue;
      // A stored null reads null whatever the member (see docs/concepts.md#entities), even an All that reads its table elsewhere.
      const raw = stored[field];
      const value = raw === null ? null : node.denormalize(raw, ctx, previous?.[field]);
      if (field === '__proto__') setOwn(instance, field, value);
      else instance[field] = value;
    }
  }

  // ------------------------------------------------------------------ queries

  /** Lookup by arguments (see docs/concepts.md#entities): a pk, an object's pk, or its first indexed field. */
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

