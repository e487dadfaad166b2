import { getOwn, setOwn } from '../../internal/own';
import { isCollectionKey, pksOf, TableVersion } from '../../schema';
import type { EntityMeta, EntityReader } from '../../schema';
import type { TableLimits, Tables } from './tables';
import type { EntityWrite, RestState } from '../types';

/**
 * The slice's entity tables in the store layout (tables.ts): applying a normalization's write
 * set and reading through an EntityReader (DevTools' logical view is shardedTables.ts's).
 */

/**
 * Memo tokens: one small object per `entities` object. Memoized answers remember the token of
 * the state they were last valid in; a token holds nothing, so an old answer never keeps an old
 * version of the tables alive.
 */
const tokens = new WeakMap<object, object>();

/** The memo token of a slice's entities (what MemoCache reads are keyed by). */
export function entitiesToken(entities: object): object {
  let token = tokens.get(entities);
  if (token === undefined) tokens.set(entities, (token = {}));
  return token;
}

/**
 * The version of each entity table object (what the slice reader's `token` gives): one small
 * object per table, holding no table or cell. A table written by `applyEntityWrite` gets a
 * version that names the one it was written over and the pks written, so a memoized answer is
 * shown valid after writes to cells it did not read without reading its cells. Chains are cut
 * every `VERSION_CHAIN` writes, so a table's history stays bounded; any other way a table is made
 * starts a chain of its own, and answers then fall back to reading their cells.
 */
const versions = new WeakMap<object, TableVersion>();
const VERSION_CHAIN = 64;
const NONE: readonly string[] = [];

function versionOf(table: object): TableVersion {
  let version = versions.get(table);
  if (version === undefined) versions.set(table, (version = new TableVersion(undefined, NONE, 0)));
  return version;
}

/**
 * The size above which an entity (or meta) table is sharded. A collection's table holds one list
 * per argument set and is written by every list request, like `endpoints`: as a plain object of
 * 1,000 lists it was copied whole by each of them (a fifth of a `getList` request's time at 1,000
 * pages, bench/README.md "Store"), so it shards at the key tables' threshold.
 */
const limitOf = (key: string, limits: TableLimits) => (isCollectionKey(key) ? limits.keys : limits.entities);

/** Copy-on-write of one write set into the slice; untouched tables keep their references. */
export function applyEntityWrite(tables: Tables, state: RestState, write: EntityWrite): RestState {
  const { limits } = tables;
  const entityKeys = Object.keys(write.entities);
  const metaKeys = Object.keys(write.entitiesMeta);
  const indexKeys = Object.keys(write.indexes);
  if (entityKeys.length === 0 && metaKeys.length === 0 && indexKeys.length === 0) return state;
  let entities = state.entities;
  if (entityKeys.length > 0) {
    entities = { ...entities };
    for (const key of entityKeys) {
      const cells = write.entities[key]!;
      const before = getOwn(state.entities, key);
      const after = tables.write(before, cells, true, limitOf(key, limits));
      setOwn(entities, key, after);
      if (before !== undefined && after !== before) {
        const previous = versionOf(before);
        versions.set(after, previous.depth < VERSION_CHAIN ? new TableVersion(previous, pksOf(cells), previous.depth + 1) : new TableVersion(undefined, NONE, 0));
      }
    }
  }
  let entitiesMeta = state.entitiesMeta;
  if (metaKeys.length > 0) {
    entitiesMeta = { ...entitiesMeta };
    for (const key of metaKeys) setOwn(entitiesMeta, key, tables.write(getOwn(state.entitiesMeta, key), write.entitiesMeta[key]!, false, limitOf(key, limits)));
  }
  let indexes = state.indexes;
  if (indexKeys.length > 0) {
    indexes = { ...indexes };
    for (const key of indexKeys) {
      const fields = { ...getOwn(state.indexes, key) };
      for (const [field, changes] of Object.entries(write.indexes[key]!)) {
        const values: Record<string, string | undefined> = {};
        for (const [value, pk] of Object.entries(changes)) setOwn(values, value, pk ?? undefined);
        setOwn(fields, field, tables.write(getOwn(fields, field), values, false, limits.entities));
      }
      setOwn(indexes, key, fields);
    }
  }
  return { ...state, entities, entitiesMeta, indexes };
}

/** An EntityReader over one slice (one allocation; the methods live on the prototype). */
class SliceReader implements EntityReader {
  constructor(
    private readonly slice: RestState,
    private readonly tables: Tables,
  ) {}
  entity(key: string, pk: string): unknown {
    return this.tables.get(getOwn(this.slice.entities, key), pk);
  }
  meta(key: string, pk: string): EntityMeta | undefined {
    return this.tables.get(getOwn(this.slice.entitiesMeta, key), pk);
  }
  index(key: string, field: string, value: string): string | undefined {
    return this.tables.get(getOwn(getOwn(this.slice.indexes, key), field), value);
  }
  token(key: string): unknown {
    const table = getOwn(this.slice.entities, key);
    return table === undefined ? undefined : versionOf(table);
  }
  pks(key: string): readonly string[] {
    return this.tables.keys(getOwn(this.slice.entities, key));
  }
}

const readers = new WeakMap<object, EntityReader>();

/**
 * The EntityReader over a slice, one per slice object: two slices may share `entities` and
 * differ in `entitiesMeta` or `indexes` (an identical refetch writes meta only, docs/internals.md#merge-order). Memo
 * tokens stay per `entities` object (entitiesToken). A slice is one instance's, read through that
 * instance's tables.
 */
export function sliceReader(slice: RestState, tables: Tables): EntityReader {
  let reader = readers.get(slice);
  if (reader === undefined) readers.set(slice, (reader = new SliceReader(slice, tables)));
  return reader;
}
