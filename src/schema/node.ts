import { getOwn, hasOwn, setOwn } from '../internal/own';
import type { EntityMeta, EntityReader } from './types';

/**
 * The internal protocol every schema implements. Entity classes are wrapped in an EntityNode
 * once per class; `[X]` and `{…}` shorthands are wrapped once per literal (see `toNode`).
 */
export interface SchemaNode {
  /** Normalizes `input`; returns the value stored in its place (a pk, an array of pks, …). */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown;
  /** Reads a normalized value back. `prev` is the previous read at this place, for reuse. */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown;
  /** The normalized value that the arguments select, or `undefined` (queryable schemas only). */
  queryKey(args: readonly unknown[], ctx: QueryContext): unknown;
  /** Whether `selectQuery` may read this schema (SPEC 0.5, 6.41). */
  readonly queryable: boolean;
  /** `Post`, `[Post]`, `Collection([Post])`, `{ results: Collection([Post]), next }` (SPEC 2.19). */
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


/** The cells and meta one normalization pass wrote into one table. */
export interface TableWrites {
  readonly cells: Record<string, unknown>;
  readonly meta: Record<string, EntityMeta>;
  /** Whether the store has this table at all (when not, lookups skip the reader). */
  readonly stored: boolean;
  /** Number of cell writes; a table with meta-only writes keeps its entity table (4.14). */
  count: number;
  metaCount: number;
}

const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * One normalization pass: reads the store through `reader`, buffers every write so that a
 * failure leaves nothing behind (SPEC 5.9), and lets later parts of the same input see earlier
 * writes (4.16). The hot paths keep their own property sites (no shared helper) so that V8's
 * inline caches stay monomorphic.
 */
export class NormalizeContext {
  private readonly tables = new Map<string, TableWrites>();
  /** Index changes: `indexes[key][field][value]`, `null` meaning "remove". */
  readonly indexes: Record<string, Record<string, Record<string, string | null>>> = {};
  /** Entity inputs being normalized, to stop on cyclic input (4.24). */
  readonly stack: object[] = [];
  readonly stackPks: string[] = [];

  constructor(
    readonly reader: EntityReader,
    readonly meta: EntityMeta,
    readonly args: readonly unknown[],
  ) {}

  table(key: string): TableWrites {
    let table = this.tables.get(key);
    if (table === undefined) {
      table = { cells: {}, meta: {}, stored: this.reader.token(key) !== undefined, count: 0, metaCount: 0 };
      this.tables.set(key, table);
    }
    return table;
  }

  /** Written cells by table: `entities[key][pk]`. */
  get entities(): Record<string, Record<string, unknown>> {
    return this.collect((table) => (table.count > 0 ? table.cells : undefined));
  }

  /** Written meta by table: `entitiesMeta[key][pk]`. */
  get entitiesMeta(): Record<string, Record<string, EntityMeta>> {
    return this.collect((table) => (table.metaCount > 0 ? table.meta : undefined));
  }

  private collect<T>(pick: (table: TableWrites) => Record<string, T> | undefined): Record<string, Record<string, T>> {
    const out: Record<string, Record<string, T>> = {};
    for (const [key, table] of this.tables) {
      const cells = pick(table);
      if (cells !== undefined) setOwn(out, key, cells);
    }
    return out;
  }

  current(key: string, pk: string): unknown {
    const table = this.table(key);
    if (hasOwnProperty.call(table.cells, pk)) return table.cells[pk];
    return table.stored ? this.reader.entity(key, pk) : undefined;
  }

  currentMeta(key: string, pk: string): EntityMeta | undefined {
    const table = this.table(key);
    if (hasOwnProperty.call(table.meta, pk)) return table.meta[pk];
    return table.stored ? this.reader.meta(key, pk) : undefined;
  }

  write(key: string, pk: string, value: unknown, meta: EntityMeta | undefined): void {
    const table = this.table(key);
    table.count++;
    if (meta !== undefined) table.metaCount++;
    if (pk === '__proto__') {
      setOwn(table.cells, pk, value);
      if (meta !== undefined) setOwn(table.meta, pk, meta);
      return;
    }
    table.cells[pk] = value;
    if (meta !== undefined) table.meta[pk] = meta;
  }

  /** Records new meta for a cell whose stored value stays (an identical refetch, 4.14). */
  writeMeta(key: string, pk: string, meta: EntityMeta): void {
    const table = this.table(key);
    table.metaCount++;
    if (pk === '__proto__') setOwn(table.meta, pk, meta);
    else table.meta[pk] = meta;
  }

  currentIndex(key: string, field: string, value: string): string | undefined {
    const fields = getOwn(this.indexes, key);
    const values = fields && getOwn(fields, field);
    if (values !== undefined && hasOwn(values, value)) return values[value] ?? undefined;
    return this.reader.index(key, field, value);
  }

  writeIndex(key: string, field: string, value: string, pk: string | null): void {
    let fields = getOwn(this.indexes, key);
    if (fields === undefined) setOwn(this.indexes, key, (fields = {}));
    let values = getOwn(fields, field);
    if (values === undefined) setOwn(fields, field, (values = {}));
    setOwn(values, value, pk);
  }

  /** Every pk of a table, stored or written in this pass. */
  pks(key: string): string[] {
    const out = this.reader.pks(key).slice();
    for (const pk of Object.keys(this.table(key).cells)) if (this.reader.entity(key, pk) === undefined) out.push(pk);
    return out;
  }
}

/** An instance built by a memoized read, with the cells its whole subtree depends on. */
export interface InstanceEntry {
  readonly instance: object;
  /** Flat triples `[key, pk, cell, key, pk, cell, …]`; `pk === TABLE` marks a table token. */
  readonly deps: readonly unknown[];
  /** The reader state it was last validated against. */
  validAt: unknown;
}

/** Marker in a dependency triple meaning "the whole table" (SPEC 4.39). */
export const TABLE = '\u0000table';

/** State a MemoCache keeps across reads. */
export interface MemoState {
  readonly instances: WeakMap<object, InstanceEntry>;
  /** `Query` reads: query node → (args key, result) → the inner value and the output made from it. */
  readonly queries: WeakMap<object, Map<string, { inner: unknown; output: unknown }>>;
}

/** Arguments passed to queryKey. */
export interface QueryContext {
  readonly reader: EntityReader;
}

/**
 * One read. With a MemoState it records dependencies and reuses instances whose dependencies
 * did not change (SPEC 5.13); without one it builds everything fresh.
 */
export class DenormalizeContext implements QueryContext {
  deps: unknown[] = [];
  readonly track: boolean;
  /** Stored objects whose instance is being built (cycles, 4.24) → [instance, depth]. */
  readonly inProgress = new Map<object, { instance: object; depth: number }>();
  depth = 0;
  /** Smallest depth of an in-progress instance referenced below the current frame. */
  low = Infinity;
  /** Instances inside a cycle, cached once the cycle's root is done. */
  readonly deferred: { stored: object; instance: object; depth: number }[] = [];

  constructor(
    readonly reader: EntityReader,
    readonly args: readonly unknown[],
    readonly memo: MemoState | undefined,
    /** Identity of the reader's state, for `InstanceEntry.validAt`. */
    readonly token: unknown,
  ) {
    this.track = memo !== undefined;
  }

  dep(key: string, pk: string, cell: unknown): void {
    if (this.track) this.deps.push(key, pk, cell);
  }
}

/** Whether every dependency triple from index `from` on still holds in `reader`. */
export function depsHold(deps: readonly unknown[], reader: EntityReader, from = 0): boolean {
  const tableOf = reader.table;
  let lastKey: string | undefined;
  let table: Record<string, unknown> | undefined;
  for (let i = from; i < deps.length; i += 3) {
    const key = deps[i] as string;
    const pk = deps[i + 1] as string;
    let current: unknown;
    if (pk === TABLE) current = reader.token(key);
    else if (tableOf === undefined) current = reader.entity(key, pk);
    else {
      if (key !== lastKey) {
        table = tableOf(key);
        lastKey = key;
      }
      current = table !== undefined && hasOwnProperty.call(table, pk) ? table[pk] : undefined;
    }
    if (current !== deps[i + 2]) return false;
  }
  return true;
}

/** Base of every schema class; `toNode` recognizes schemas by it. */
export abstract class SchemaBase<TOut = unknown> implements SchemaNode {
  declare readonly __denormalized?: TOut;
  abstract readonly queryable: boolean;
  abstract normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown;
  abstract denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown;
  abstract describe(): string;
  queryKey(_args: readonly unknown[], _ctx: QueryContext): unknown {
    throw new TypeError(`[rtk-rest] ${this.describe()} is not queryable: query an Entity, Collection, All, Union, Query, or an object of them.`);
  }
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
    if (!Object.prototype.hasOwnProperty.call(next, k)) continue;
    count++;
    if (!Object.prototype.hasOwnProperty.call(p, k) || p[k] !== next[k]) return next;
  }
  return Object.keys(p).length === count ? (prev as T) : next;
}
