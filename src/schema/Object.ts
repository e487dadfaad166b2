import { describeType, jsonifyFields, preview } from '../internal/json';
import { hasOwn, setOwn } from '../internal/own';
import { NormalizeError, reuseObject, SchemaBase } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext, Resolve, SchemaNode } from './node';
import { isEntityClass } from './Entity';
import { describeFields, isSchemaLike } from './schemaLike';
import type { Denormalize } from './types';

/**
 * An object whose schema members are normalized and whose other keys are copied as JSON
 * (see docs/concepts.md#schemas); a plain object literal is shorthand. Queryable when every schema member is.
 *
 * @example
 * const PostPage = new schema.Object({ posts: [Post], next: '' }); // the same as { posts: [Post], next: '' }
 * const { result, entities } = normalize(PostPage, { posts: [{ id: 1, title: 'a' }], next: '?page=2' });
 * denormalize(PostPage, result, entities); // { posts: [Post], next: '?page=2' }
 */
export class ObjectSchema<S extends Record<string, any> = Record<string, any>> extends SchemaBase<{ [K in keyof S]: Denormalize<S[K]> }> {
  private compiled?: [string, SchemaNode][];
  private names?: string[];
  private isQueryable?: boolean;

  constructor(
    /** The members by key: schemas, and plain values for fields kept as they are. */
    readonly schema: S,
  ) {
    super();
  }

  /**
   * The schema members with their nodes, compiled on first use through `resolve` (a context's, or
   * `toNode` for walks over the schema graph). @internal
   */
  members(resolve: Resolve): [string, SchemaNode][] {
    return (this.compiled ??= this.memberNames.map((k) => [k, resolve(this.schema[k])!]));
  }

  /** The keys of the schema members (the other keys are plain data). @internal */
  get memberNames(): string[] {
    return (this.names ??= Object.keys(this.schema).filter((k) => isSchemaLike(this.schema[k])));
  }

  /**
   * Queryable when it has schema members and each is queryable (see docs/internals.md#terms); plain members read as
   * declared (`{ results: new schema.All(Cat), nextPage: '' }` reads `nextPage: ''`).
   */
  get queryable(): boolean {
    return (this.isQueryable ??= queryableFields(this.schema, this.memberNames));
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return describeFields(this.schema);
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, _key: string | undefined, ctx: NormalizeContext): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      if (parent !== undefined && (input === null || input === undefined)) return input;
      throw new NormalizeError(`expected an object for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    }
    // Copied key by key rather than spread: a spread copies symbol-keyed properties too, which
    // JSON cannot carry, and listing an object's symbols to delete them costs more than the copy.
    const source = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(source)) setOwn(out, k, source[k]);
    const members = this.members(ctx.resolve);
    for (let i = 0; i < members.length; i++) {
      const [k, node] = members[i]!;
      if (hasOwn(out, k)) setOwn(out, k, node.normalize(out[k], input, k, ctx));
    }
    jsonifyFields(out, this.memberNames);
    return out;
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out = { ...value } as Record<string, unknown>;
    const previous = typeof prev === 'object' && prev !== null ? (prev as Record<string, unknown>) : undefined;
    const members = this.members(ctx.resolve);
    for (let i = 0; i < members.length; i++) {
      const [k, node] = members[i]!;
      if (!hasOwn(out, k)) continue;
      const raw = out[k];
      // Every schema reads `null` itself: most keep it, All reads its table (see docs/concepts.md#schemas).
      setOwn(out, k, node.denormalize(raw, ctx, previous !== undefined && hasOwn(previous, k) ? previous[k] : undefined));
    }
    return reuseObject(out, prev);
  }

  /** The normalized value that the arguments select (schema protocol). @internal */
  override queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    if (!this.queryable) return super.queryKey(args, ctx);
    const out: Record<string, unknown> = {};
    const members = this.members(ctx.resolve);
    for (const k of Object.keys(this.schema)) {
      const member = members.find(([name]) => name === k);
      setOwn(out, k, member === undefined ? this.schema[k] : member[1].queryKey(args, ctx));
    }
    return out;
  }

  /** A query read found something when at least one member did (see docs/concepts.md#schemas, docs/concepts.md#the-store). @internal */
  found(data: unknown): boolean {
    if (typeof data !== 'object' || data === null) return data !== undefined;
    return this.memberNames.some((k) => (data as Record<string, unknown>)[k] !== undefined);
  }
}

/**
 * Whether fields with these schema members are queryable: some, and each queryable. Read from the
 * definitions (a `{…}` member by the same rule), so that it needs no `Resolve`.
 */
function queryableFields(fields: Record<string, unknown>, members: readonly string[]): boolean {
  return (
    members.length > 0 &&
    members.every((k) => {
      const member = fields[k];
      if (member instanceof SchemaBase) return member.queryable;
      // A schema member is otherwise an Entity class, `[X]` (never queryable) or `{…}`.
      return isEntityClass(member) || (!Array.isArray(member) && new ObjectSchema(member as Record<string, unknown>).queryable);
    })
  );
}
