import { getOwn, hasOwn, hasOwnProperty, setOwn } from '../internal/own';
import type { Resolve } from './node';
import type { EntityMeta, EntityReader } from './types';

/** Whether two metas are equal field by field (an equal meta is not a write, see docs/internals.md#the-state). */
export function sameMeta(a: EntityMeta, b: EntityMeta | undefined): boolean {
  return a === b || (b !== undefined && a.fetchedAt === b.fetchedAt && a.date === b.date && a.expiresAt === b.expiresAt);
}

/**
 * An empty plain object already in V8's dictionary mode (deleting a property that is not the
 * last one added leaves it there). Cells are keyed by pks no object had before: each new key
 * added to a fast-mode object makes a new hidden class, about twice the cost of a dictionary
 * insert, and the write set goes to dictionary mode past a dozen keys anyway.
 */
function dictionary<T>(): Record<string, T> {
  const out: Record<string, unknown> = { a: 0, b: 0 };
  delete out.a;
  delete out.b;
  return out as Record<string, T>;
}

/**
 * The keys of the tables a pass wrote (`cells`, `meta`), in the order first written: the keys
 * `Object.keys` gives (which puts integer-like ones first, ascending), without enumerating the
 * table. Enumerating an object of many keys (a dictionary) sorts them, about 0.1 ms per 1,000
 * keys, and the store lists a written table several times (the reducer, the table's version, the
 * changes the action carries). Only `write` and `writeMeta` add keys to a pass's tables, so each
 * list stays their keys; a write set built any other way (a copy, a removal) is listed by `Object.keys`.
 */
const writtenPks = new WeakMap<object, readonly string[]>();

/** The keys of a write set's table: as written, for a normalization pass's own tables (`writtenPks`). */
export function pksOf(table: object): readonly string[] {
  return writtenPks.get(table) ?? Object.keys(table);
}

/** The cells and meta one normalization pass wrote into one table. */
export interface TableWrites {
  readonly cells: Record<string, unknown>;
  readonly meta: Record<string, EntityMeta>;
  /** The keys of `cells`, in the order first written (`writtenPks`). */
  readonly pks: string[];
  /**
   * Whether `meta` may have other keys than `cells` (a cell first written without meta, or a
   * meta-only write). Until then every cell got its meta with it, so both have the keys `pks`.
   */
  metaApart: boolean;
  /** Whether the store has this table at all (when not, lookups skip the reader). */
  readonly stored: boolean;
  /** Number of cell writes; a table with meta-only writes keeps its entity table (see docs/concepts.md#entities). */
  count: number;
  metaCount: number;
}


/**
 * One normalization pass: reads the store through `reader`, buffers every write so that a
 * failure leaves nothing behind (see docs/internals.md#the-write-path), and lets later parts of the same input see earlier
 * writes (see docs/concepts.md#entities). The hot paths keep their own property sites (no shared helper) so that V8's
 * inline caches stay monomorphic.
 */
export class NormalizeContext {
  private readonly tables = new Map<string, TableWrites>();
  /** Index changes: `indexes[key][field][value]`, `null` meaning "remove". */
  readonly indexes: Record<string, Record<string, Record<string, string | null>>> = {};
  /** Entity inputs being normalized, to stop on cyclic input (see docs/internals.md#cycles). */
  readonly stack: object[] = [];
  readonly stackPks: string[] = [];
  /**
   * Optimistic creations (see docs/concepts.md#optimistic-updates): the prefix of placeholder pks, and the placeholder of the
   * item being created (used by a top-level entity whose pk() gives no value).
   */
  itemPlaceholder: string | undefined = undefined;

  constructor(
    readonly reader: EntityReader,
    readonly meta: EntityMeta,
    readonly args: readonly unknown[],
    /** Resolves member definitions (see `Resolve`). */
    readonly resolve: Resolve,
    readonly placeholder?: string,
  ) {}

  table(key: string): TableWrites {
    let table = this.tables.get(key);
    if (table === undefined) {
      table = { cells: dictionary(), meta: dictionary(), pks: [], metaApart: false, stored: this.reader.token(key) !== undefined, count: 0, metaCount: 0 };
      writtenPks.set(table.cells, table.pks);
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
    return this.collect((table) => {
      if (table.metaCount === 0) return undefined;
      if (!table.metaApart) writtenPks.set(table.meta, table.pks);
      return table.meta;
    });
  }

  private collect<T>(pick: (table: TableWrites) => Record<string, T> | undefined): Record<string, Record<string, T>> {
    const out: Record<string, Record<string, T>> = {};
    for (const [key, table] of this.tables) {
      const cells = pick(table);
      if (cells !== undefined) setOwn(out, key, cells);
    }
    return out;
  }

  /** The cell as this pass sees it (`table`: `this.table(key)`, when the caller holds it already). */
  current(key: string, pk: string, table = this.table(key)): unknown {
    if (hasOwnProperty.call(table.cells, pk)) return table.cells[pk];
    return this.stored(key, pk, table);
  }

  /** The cell as the store holds it (for a pk this pass has not written). */
  stored(key: string, pk: string, table: TableWrites): unknown {
    return table.stored ? this.reader.entity(key, pk) : undefined;
  }

  currentMeta(key: string, pk: string): EntityMeta | undefined {
    const table = this.table(key);
    if (hasOwnProperty.call(table.meta, pk)) return table.meta[pk];
    return table.stored ? this.reader.meta(key, pk) : undefined;
  }

  /** Writes a cell; `added`: whether this pass has not written `pk` yet, when the caller knows (a lookup of a pk new to the table costs a string table probe). */
  write(key: string, pk: string, value: unknown, meta: EntityMeta | undefined, table = this.table(key), added = !hasOwnProperty.call(table.cells, pk)): void {
    table.count++;
    if (added) {
      table.pks.push(pk);
      if (meta === undefined) table.metaApart = true;
    }
    if (meta !== undefined) table.metaCount++;
    if (pk === '__proto__') {
      setOwn(table.cells, pk, value);
      if (meta !== undefined) setOwn(table.meta, pk, meta);
      return;
    }
    table.cells[pk] = value;
    if (meta !== undefined) table.meta[pk] = meta;
  }

  /** Records new meta for a cell whose stored value stays (an identical refetch, see docs/concepts.md#entities). */
  writeMeta(key: string, pk: string, meta: EntityMeta): void {
    const table = this.table(key);
    table.metaCount++;
    table.metaApart = true;
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
}

