import { argsCacheKey } from '../internal/json';
import { depsHold, DenormalizeContext, TABLE } from './node';
import type { MemoState, SchemaNode } from './node';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { Denormalize, EntityPath, EntityReader, EntityTables, NormalizedTables } from './types';

/** The answer of a memoized read: the value and the entity cells it depends on. */
export class MemoResult<T = unknown> {
  private cachedPaths?: EntityPath[];

  constructor(
    readonly data: T,
    /** Dependency triples (see InstanceEntry). */
    readonly deps: readonly unknown[],
  ) {}

  /** The `{ key, pk }` cells `data` depends on, tombstones and absent cells included (5.12). */
  get paths(): EntityPath[] {
    if (this.cachedPaths === undefined) {
      const seen = new Set<string>();
      const paths: EntityPath[] = [];
      for (let i = 0; i < this.deps.length; i += 3) {
        const key = this.deps[i] as string;
        const pk = this.deps[i + 1] as string;
        if (pk === TABLE) continue;
        const id = `${key}\u0000${pk}`;
        if (seen.has(id)) continue;
        seen.add(id);
        paths.push({ key, pk });
      }
      this.cachedPaths = paths;
    }
    return this.cachedPaths;
  }
}

interface ResultEntry {
  /** The reader state this answer was last checked against. */
  token: unknown;
  result: MemoResult;
}

type ByArgs = Map<string, ResultEntry>;

/**
 * Memoized denormalization (SPEC 5.12–5.13, D18): reading again from the same `entities`
 * returns the same answer in constant time; reads after writes that do not touch the answer's
 * dependencies keep its reference; otherwise only the parts that depend on a changed cell are
 * rebuilt, and one stored entity version is one instance across every answer of this cache.
 */
export class MemoCache {
  private readonly state: MemoState = { instances: new WeakMap(), queries: new WeakMap() };
  private readonly byObject = new WeakMap<SchemaNode, WeakMap<object, ByArgs>>();
  private readonly byValue = new WeakMap<SchemaNode, Map<unknown, ByArgs>>();
  private readonly readers = new WeakMap<object, EntityReader>();

  /** Memoized `denormalize()`: `{ data, paths }`, referentially stable (see class docs). */
  denormalize<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[] = []): MemoResult<Denormalize<S> | undefined> {
    const node = toNode(schema);
    if (node === undefined) return new MemoResult(result as Denormalize<S>, []);
    return this.read(node, result, this.readerOf({ entities }, entities), entities, args) as MemoResult<Denormalize<S> | undefined>;
  }

  /** Reads a queryable schema by arguments, without an endpoint result (SPEC 4.20, 4.31, 4.38). */
  query<S>(schema: S, args: readonly unknown[], tables: Partial<NormalizedTables>): MemoResult<Denormalize<S> | undefined> {
    const node = toNode(schema);
    if (node === undefined || !node.queryable) {
      throw new TypeError(`[rtk-rest] ${node ? node.describe() : String(schema)} is not queryable: query an Entity, Collection, All, Union, Query, or an object of them.`);
    }
    const token = tables.entities ?? EMPTY_TABLES;
    const reader = this.readerOf(tables, token);
    const key = node.queryKey(args, { reader });
    if (key === undefined) return new MemoResult(undefined, []);
    return this.read(node, key, reader, token, args) as MemoResult<Denormalize<S> | undefined>;
  }

  /**
   * The memoized read behind both public methods, over any reader. `token` identifies the
   * reader's state: the same token means nothing changed.
   */
  read(node: SchemaNode, result: unknown, reader: EntityReader, token: unknown, args: readonly unknown[]): MemoResult {
    const byArgs = this.entriesFor(node, result);
    const argsKey = args.length === 0 ? '' : argsCacheKey(args);
    const entry = byArgs.get(argsKey);
    if (entry !== undefined) {
      if (entry.token === token) return entry.result;
      if (depsHold(entry.result.deps, reader)) {
        entry.token = token;
        return entry.result;
      }
    }
    const ctx = new DenormalizeContext(reader, args, this.state, token);
    const data = node.denormalize(result, ctx, entry?.result.data);
    const memoResult = new MemoResult(data, ctx.deps);
    byArgs.set(argsKey, { token, result: memoResult });
    return memoResult;
  }

  private entriesFor(node: SchemaNode, result: unknown): ByArgs {
    let byArgs: ByArgs | undefined;
    if (typeof result === 'object' && result !== null) {
      let map = this.byObject.get(node);
      if (map === undefined) this.byObject.set(node, (map = new WeakMap()));
      byArgs = map.get(result);
      if (byArgs === undefined) map.set(result, (byArgs = new Map()));
    } else {
      let map = this.byValue.get(node);
      if (map === undefined) this.byValue.set(node, (map = new Map()));
      byArgs = map.get(result);
      if (byArgs === undefined) map.set(result, (byArgs = new Map()));
    }
    return byArgs;
  }

  private readerOf(tables: Partial<NormalizedTables>, token: object): EntityReader {
    let reader = this.readers.get(token);
    if (reader === undefined) this.readers.set(token, (reader = tablesReader(tables)));
    return reader;
  }
}

const EMPTY_TABLES: EntityTables = {};
