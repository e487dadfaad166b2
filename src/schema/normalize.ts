import { isStackOverflow, tooDeepToWrite } from '../internal/stack';
import { getOwn, setOwn } from '../internal/own';
import { NormalizeContext } from './normalizeContext';
import { NormalizeError } from './node';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { EntityMeta, EntityReader, NormalizedTables, NormalizeResult } from './types';

/**
 * Normalizes `input` with `schema` into the tables of `store` (default empty), as docs/concepts.md#schemas
 * describes: neither `input` nor `store` is mutated, untouched tables keep their references, and on
 * any error nothing is written (see docs/internals.md#the-write-path). `meta` (default: now, never expiring) is the freshness of
 * every written entity.
 *
 * @example
 * const { result, entities } = normalize([Post], [{ id: 1, title: 'hi', author: { id: 7 } }]);
 * // result ['1']; entities.Post['1'].author === '7'
 */
export function normalize<TResult = unknown>(
  schema: unknown,
  input: unknown,
  args: readonly unknown[] = [],
  store: Partial<NormalizedTables> = {},
  meta?: EntityMeta,
): NormalizeResult<TResult> {
  const tables: NormalizedTables = {
    entities: store.entities ?? {},
    entitiesMeta: store.entitiesMeta ?? {},
    indexes: store.indexes ?? {},
  };
  const node = toNode(schema);
  if (node === undefined) return { result: input as TResult, ...tables };
  const writes = normalizeWrites(node.describe.bind(node), (ctx) => node.normalize(input, undefined, undefined, ctx), tablesReader(tables), args, meta);
  const { ctx } = writes;
  return { result: writes.result as TResult, ...applyWriteSet(tables, { entities: ctx.entities, entitiesMeta: ctx.entitiesMeta, indexes: ctx.indexes }) };
}

/** Runs a normalization against any reader and returns the buffered writes (for the store). */
export function normalizeWrites(
  describe: () => string,
  run: (ctx: NormalizeContext) => unknown,
  reader: EntityReader,
  args: readonly unknown[],
  meta?: EntityMeta,
  placeholder?: string,
): { result: unknown; ctx: NormalizeContext } {
  let incoming = meta;
  if (incoming === undefined) {
    const now = Date.now();
    incoming = { fetchedAt: now, date: now, expiresAt: Number.MAX_SAFE_INTEGER };
  } else if (!(incoming.expiresAt <= Number.MAX_SAFE_INTEGER)) {
    // Meta is stored as JSON: an Infinity expiry stays finite (see docs/internals.md#the-state).
    incoming = { ...incoming, expiresAt: Number.MAX_SAFE_INTEGER };
  }
  const ctx = new NormalizeContext(reader, incoming, args, toNode, placeholder);
  try {
    return { result: run(ctx), ctx };
  } catch (error) {
    if (isStackOverflow(error)) throw new NormalizeError(tooDeepToWrite(), describe());
    if (error instanceof NormalizeError && error.schemaDescription === '') {
      const wrapped = new NormalizeError(error.problem, describe());
      if (error.stack) wrapped.stack = wrapped.stack?.split('\n')[0] + '\n' + error.stack.split('\n').slice(1).join('\n');
      throw wrapped;
    }
    throw error;
  }
}

/** The written cells, meta and index changes of one normalization, as plain JSON. */
export interface WriteSet {
  entities: Record<string, Record<string, unknown>>;
  entitiesMeta: Record<string, Record<string, EntityMeta>>;
  indexes: Record<string, Record<string, Record<string, string | null>>>;
}

/** Copy-on-write of a write set into plain tables; untouched tables keep their references (see docs/internals.md#the-state, docs/internals.md#the-write-path). */
export function applyWriteSet(tables: NormalizedTables, write: WriteSet): NormalizedTables {
  const entities = mergeTables(tables.entities, write.entities);
  const entitiesMeta = mergeTables(tables.entitiesMeta, write.entitiesMeta);
  const indexes = mergeIndexes(tables.indexes, write.indexes);
  return entities === tables.entities && entitiesMeta === tables.entitiesMeta && indexes === tables.indexes ? tables : { entities, entitiesMeta, indexes };
}

function mergeTables<T>(base: Record<string, Record<string, T>>, written: Record<string, Record<string, T>>): Record<string, Record<string, T>> {
  const keys = Object.keys(written);
  if (keys.length === 0) return base;
  const out = { ...base };
  for (const key of keys) {
    const current = getOwn(base, key);
    const cells = written[key]!;
    setOwn(out, key, current === undefined ? cells : { ...current, ...cells });
  }
  return out;
}

function mergeIndexes(
  base: NormalizedTables['indexes'],
  written: Record<string, Record<string, Record<string, string | null>>>,
): NormalizedTables['indexes'] {
  const keys = Object.keys(written);
  if (keys.length === 0) return base;
  const out = { ...base };
  for (const key of keys) {
    const fields = { ...getOwn(base, key) };
    for (const [field, changes] of Object.entries(written[key]!)) {
      const values: Record<string, string> = { ...getOwn(fields, field) };
      for (const [value, pk] of Object.entries(changes)) {
        if (pk === null) delete values[value];
        else setOwn(values, value, pk);
      }
      setOwn(fields, field, values);
    }
    setOwn(out, key, fields);
  }
  return out;
}
