import { isStackOverflow, tooDeepToRead } from '../internal/stack';
import { argsCacheKey } from '../internal/json';
import { DenormalizeContext, entryHolds, keysOf, TABLE } from './denormalizeContext';
import type { CachedEntry, MemoEntry, MemoState } from './denormalizeContext';
import { readSplitting } from './memoCell';
import { notQueryable } from './node';
import type { SchemaNode } from './node';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { Denormalize, EntityPath, EntityReader, EntityTables, NormalizedTables } from './types';

/**
 * The answer of a memoized read: the value, and (as the root of its entry tree) what it depends on.
 *
 * @example
 * const { data, paths } = new MemoCache().denormalize([Post], ['1'], entities);
 * // data: [Post]; paths: [{ key: 'Post', pk: '1' }, { key: 'User', pk: '7' }]
 */
export class MemoResult<T = unknown> implements MemoEntry {
  private cachedPaths?: EntityPath[];
  /**
   * `[entityKey, table, …]`: every table its entry tree read (`keysOf`), as the reader held them
   * when the answer was built or last found valid (see `answerHolds`). @internal
   */
  tables?: unknown[];
  /** The pks (TABLE for a whole table) of every cell its entry tree read, by table; built on first use. @internal */
  dependencies?: Map<string, Set<string>>;

  constructor(
    /** The denormalized value (`undefined` when the top-level entity is missing or deleted). */
    readonly data: T,
    /** Cells read directly, as `[key, pk, cell, …]` triples. @internal */
    readonly cells: readonly unknown[] = [],
    /** Entries of the entity instances held directly. @internal */
    readonly children: readonly CachedEntry[] = [],
    /** The reader state this answer was last found valid in. @internal */
    public validAt: unknown = undefined,
  ) {}

  /** The `{ key, pk }` cells `data` depends on, tombstones and absent cells included (see docs/internals.md#memoized-reads). */
  get paths(): EntityPath[] {
    return (this.cachedPaths ??= collectPaths(this));
  }
}

/** Calls `visit(key, pk)` for every cell of an entry tree, in first-seen order; entries shared by several parents are walked once. @internal */
export function forEachCell(root: MemoEntry, visit: (key: string, pk: string) => void): void {
  const visited = new Set<MemoEntry>();
  const stack: MemoEntry[] = [root];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (visited.has(entry)) continue;
    visited.add(entry);
    const cells = entry.cells;
    for (let i = 0; i < cells.length; i += 3) visit(cells[i] as string, cells[i + 1] as string);
    for (let i = entry.children.length - 1; i >= 0; i--) stack.push(entry.children[i]!);
  }
}

/** Every cell of an entry tree, each once, in first-seen order (TABLE dependencies left out). */
function collectPaths(root: MemoEntry): EntityPath[] {
  const paths: EntityPath[] = [];
  // A cell read by several entries is listed once.
  const seen = new Map<string, Set<string>>();
  forEachCell(root, (key, pk) => {
    if (pk === TABLE) return;
    let pks = seen.get(key);
    if (pks === undefined) seen.set(key, (pks = new Set()));
    if (pks.has(pk)) return;
    pks.add(pk);
    paths.push({ key, pk });
  });
  return paths;
}

/** `[key, table, …]` of every key of `keys`, as `reader` holds them now. @internal */
export function tablesAt(keys: readonly string[], reader: EntityReader): unknown[] {
  const out: unknown[] = [];
  for (const key of keys) out.push(key, reader.token(key));
  return out;
}

/** Whether an answer still holds in the reader state `token`. @internal */
export type AnswerCheck = (answer: MemoResult, reader: EntityReader, token: unknown) => boolean;

/**
 * The validity rule without table versions (plain tables have none): the same state, else the
 * same cells. Tables are copied on write, so only the cells of the tables that are not the ones
 * the answer was last found valid with are compared. `answerHolds` adds the versions between them.
 */
const cellsHold: AnswerCheck = (answer, reader, token) => {
  if (answer.validAt === token) return true;
  const tables = answer.tables;
  const changed = tables?.filter((key, i) => i % 2 === 0 && reader.token(key as string) !== tables[i + 1]);
  if (!entryHolds(answer, reader, token, 0, 0, changed)) return false;
  tables?.forEach((key, i) => {
    if (i % 2 === 0) tables[i + 1] = reader.token(key as string);
  });
  return true;
};

type ByArgs = Map<string, MemoResult>;

/**
 * What a query read is cached under (see `MemoCache.read`): its key, or the JSON of an object key.
 * Object schemas build a new key object on every call, and answers are cached by result object, so
 * without this `selectQuery(state, { results: new schema.All(Cat) })` was a new answer every time.
 * @internal
 */
export function querySlot(key: unknown): unknown {
  if (typeof key !== 'object' || key === null) return key;
  try {
    return JSON.stringify(key);
  } catch {
    return key; // a plain member that is not JSON: cached by this key object only
  }
}

/**
 * Memoized denormalization (see docs/internals.md#memoized-reads): reading again from the same `entities`
 * returns the same answer in constant time; reads after writes that do not touch the answer's
 * dependencies keep its reference; otherwise only the parts that depend on a changed cell are
 * rebuilt, and one stored entity version is one instance across every answer of this cache.
 * Answers are cached per schema: `[X]` and `{…}` literals are compared by content (an inline
 * literal per call is fine), schema instances (`new schema.All(Post)`) by reference, so create
 * those once.
 *
 * @example
 * const PostList = [Post];
 * const memo = new MemoCache();
 * const { result, entities } = normalize(PostList, [{ id: 1, title: 'a', author: { id: 7 } }]);
 * const first = memo.denormalize(PostList, result, entities);
 * memo.denormalize(PostList, result, entities).data === first.data; // true
 */
export class MemoCache {
  private readonly state: MemoState = { instances: new WeakMap(), queries: new WeakMap() };

  /** @param holds the validity rule: by default the same state, else the same cells; the store's (`answerHolds`) also follows its table versions. @internal */
  constructor(private readonly holds: AnswerCheck = cellsHold) {}

  private readonly byObject = new WeakMap<SchemaNode, WeakMap<object, ByArgs>>();
  private readonly byValue = new WeakMap<SchemaNode, Map<unknown, ByArgs>>();
  private readonly readers = new WeakMap<object, EntityReader>();

  /** Memoized `denormalize()`: `{ data, paths }`, referentially stable (see class docs). */
  denormalize<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[] = []): MemoResult<Denormalize<S> | undefined> {
    const node = toNode(schema);
    if (node === undefined) return new MemoResult(result as Denormalize<S>);
    return this.read(node, result, this.readerOf({ entities }, entities), entities, args) as MemoResult<Denormalize<S> | undefined>;
  }

  /**
   * Reads a queryable schema by arguments, without an endpoint result (see docs/concepts.md#entities, docs/concepts.md#schemas).
   *
   * @example
   * const { entities, entitiesMeta, indexes } = normalize([Post], [{ id: 1, title: 'a' }]);
   * new MemoCache().query(Post, [{ id: 1 }], { entities, entitiesMeta, indexes }).data; // Post 1
   */
  query<S>(schema: S, args: readonly unknown[], tables: Partial<NormalizedTables>): MemoResult<Denormalize<S> | undefined> {
    const node = toNode(schema);
    if (node === undefined || !node.queryable) {
      throw notQueryable(node ? node.describe() : String(schema));
    }
    const token = tables.entities ?? EMPTY_TABLES;
    const reader = this.readerOf(tables, token);
    const key = node.queryKey(args, { reader, resolve: toNode });
    if (key === undefined) return new MemoResult(undefined);
    const answer = this.read(node, key, reader, token, args, undefined, querySlot(key));
    return (node.found && !node.found(answer.data) ? new MemoResult(undefined) : answer) as MemoResult<Denormalize<S> | undefined>;
  }

  /**
   * The memoized read behind both public methods, over any reader. `token` identifies the
   * reader's state: the same token means nothing changed. `knownArgsKey`, when given, stands
   * for `args` (a caller that already has a string identifying them, e.g. a request key).
   * `slot` is what the answer is cached under: the result itself, or `querySlot(result)` for a query.
   * Used by the Redux layer over its own store reader.
   * @internal
   */
  read(node: SchemaNode, result: unknown, reader: EntityReader, token: unknown, args: readonly unknown[], knownArgsKey?: string, slot: unknown = result): MemoResult {
    const byArgs = this.entriesFor(node, slot);
    const argsKey = args.length === 0 ? '' : (knownArgsKey ?? argsCacheKey(args));
    const previous = byArgs.get(argsKey);
    const answer = this.reread(node, result, reader, token, args, previous);
    if (answer !== previous) byArgs.set(argsKey, answer);
    return answer;
  }

  /**
   * `previous` while it holds (`holds`), else a new read of `result` that reuses what is
   * unchanged in it and this cache's instances. For a caller that keeps its own answer (the
   * store keeps one per request key): nothing is cached under the result.
   * @internal
   */
  reread(node: SchemaNode, result: unknown, reader: EntityReader, token: unknown, args: readonly unknown[], previous: MemoResult | undefined): MemoResult {
    if (previous !== undefined && this.holds(previous, reader, token)) return previous;
    let ctx: DenormalizeContext;
    let data: unknown;
    try {
      ({ ctx, value: data } = readSplitting(
        () => new DenormalizeContext(reader, args, this.state, token, toNode, previous?.children),
        (at) => node.denormalize(result, at, previous?.data),
      ));
    } catch (error) {
      throw isStackOverflow(error) ? tooDeepToRead(node.describe()) : error;
    }
    const answer = new MemoResult(data, ctx.cells, ctx.children, token);
    // Valid in the state it was built in: its tables as they are now let the next write elsewhere
    // be proven without walking its cells (by a rule that follows versions, `answerHolds`).
    answer.tables = tablesAt(keysOf(ctx.cells, ctx.children).list, reader);
    return answer;
  }

  private entriesFor(node: SchemaNode, result: unknown): ByArgs {
    // Object results are held weakly, so that an answer goes with the result it was read from.
    const weak = typeof result === 'object' && result !== null;
    const maps = weak ? this.byObject : this.byValue;
    let map = maps.get(node) as Map<unknown, ByArgs> | undefined;
    if (map === undefined) maps.set(node, (map = (weak ? new WeakMap() : new Map()) as Map<unknown, ByArgs>));
    let byArgs = map.get(result);
    if (byArgs === undefined) map.set(result, (byArgs = new Map()));
    return byArgs;
  }

  private readerOf(tables: Partial<NormalizedTables>, token: object): EntityReader {
    let reader = this.readers.get(token);
    if (reader === undefined) this.readers.set(token, (reader = tablesReader(tables)));
    return reader;
  }
}

const EMPTY_TABLES: EntityTables = {};
