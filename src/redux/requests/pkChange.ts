import { getOwn, hasOwn, setOwn } from '../../internal/own';
import { isEntityClass, movedCell, movedReferences, ObjectSchema, schemaTables, toNode } from '../../schema';
import type { Entity, EntityMeta, EntityReader, PkChange, SchemaNode } from '../../schema';
import { compilePath, endpointPathParams } from '../../rest';
import type { StoreEndpoint } from '../../rest';
import type { KeyRecord } from './keyRecord';
import type { Tables } from '../store/tables';
import type { RestState, WritePayload } from '../types';

/** The store's record of its keys: the endpoint and arguments each was requested with. */
export type KnownKeys = Pick<KeyRecord, 'endpointsByKey' | 'argsByKey'>;

/** Methods that change the resource their URL names (HTTP's PUT and PATCH). */
const UPDATES: ReadonlySet<string> = new Set(['PUT', 'PATCH']);

/**
 * The pk of `entity` a URL names: the pk its path parameters compute, when the path ends with a
 * parameter as an item URL does (`/articles/:slug`, `/repos/:owner/:repo/labels/:name`). A path
 * that goes on after its parameters (`/users/:id/profile`) names something under them, not this
 * entity, whatever its pk() makes of them.
 */
export function addressedPk(endpoint: StoreEndpoint, args: readonly unknown[], entity: typeof Entity): string | undefined {
  if (compilePath(endpoint.path).lastParam === undefined) return undefined;
  try {
    return entity.pk(endpointPathParams(endpoint, args), undefined, undefined, args);
  } catch {
    // A pk() that reads more than URL parameters hold (a nested field) names nothing here.
    return undefined;
  }
}

/**
 * The pk change an update's answer makes (see docs/concepts.md#resources): a PUT or PATCH of an
 * Entity schema whose URL names a stored entity, answered with another pk. `undefined` for
 * anything else, which is written as it is.
 */
export function pkChangeOf(endpoint: StoreEndpoint, args: readonly unknown[], result: unknown, reader: EntityReader): PkChange | undefined {
  const entity = endpoint.schema;
  if (!endpoint.sideEffect || !UPDATES.has(endpoint.method ?? '') || !isEntityClass(entity) || typeof result !== 'string') return undefined;
  const from = addressedPk(endpoint, args, entity);
  if (from === undefined || from === result || !isObject(reader.entity(entity.key, from))) return undefined;
  return { key: entity.key, from, to: result };
}

/**
 * An update's write when its answer moved the entity to another pk: the entity under the new pk
 * keeps the fields the answer left out, the old pk becomes a tombstone (its reads refetch, and a
 * late answer for it is older and ignored), its index entries move, and every stored reference to
 * it points at the new pk — in the entities and collections the known endpoints' schemas write,
 * and in the known keys' results, except the details whose URL names the old pk (they answer
 * for the old entity, which is gone). All of it is data in the write: the reducer only applies it.
 */
export function withPkChange(
  endpoint: StoreEndpoint,
  args: readonly unknown[],
  key: string,
  write: WritePayload,
  meta: EntityMeta,
  slice: RestState,
  tables: Tables,
  reader: EntityReader,
  known: KnownKeys | undefined,
): WritePayload {
  const change = pkChangeOf(endpoint, args, write.result, reader);
  if (change === undefined) return write;
  const entity = endpoint.schema as typeof Entity;
  const cells = new Cells(write.entities, reader);
  const old = reader.entity(change.key, change.from) as Record<string, unknown>;
  const written = cells.current(change.key, change.to);
  if (isObject(written) && !isObject(reader.entity(change.key, change.to))) cells.set(change.key, change.to, { ...old, ...written });
  cells.set(change.key, change.from, null);
  const entitiesMeta = { ...write.entitiesMeta };
  setOwn(entitiesMeta, change.key, { ...getOwn(entitiesMeta, change.key) });
  setOwn(entitiesMeta[change.key]!, change.from, meta);

  const endpoints = known === undefined ? [endpoint] : [endpoint, ...known.endpointsByKey.values()];
  for (const [table, node] of schemaTables(endpoints.map((e) => e.schema))) {
    for (const pk of cells.pks(table)) {
      const cell = cells.current(table, pk);
      const moved = movedCell(node, cell, change);
      if (moved !== cell) cells.set(table, pk, moved);
    }
  }
  return {
    ...write,
    entities: cells.entities,
    entitiesMeta,
    indexes: movedIndexes(entity, change, old, cells.current(change.key, change.to), write.indexes, reader),
    ...movedResults(entity, change, key, write.updates, slice, tables, known),
  };
}

/** The known keys' results with the reference moved, over the write's own `update` results. */
function movedResults(entity: typeof Entity, change: PkChange, requestKey: string, written: Record<string, unknown> | undefined, slice: RestState, tables: Tables, known: KnownKeys | undefined) {
  if (known === undefined) return written === undefined ? {} : { updates: written };
  const updates: Record<string, unknown> = { ...written };
  for (const [key, endpoint] of known.endpointsByKey) {
    if (key === requestKey || !(hasOwn(updates, key) || tables.has(slice.endpoints, key))) continue;
    const node = nodeOf(endpoint.schema);
    if (node === undefined || (readsEntity(node, entity) && addressedPk(endpoint, known.argsByKey.get(key) ?? [], entity) === change.from)) continue;
    const result = hasOwn(updates, key) ? updates[key] : tables.get(slice.endpoints, key);
    const moved = movedReferences(node, result, change);
    if (moved !== result) setOwn(updates, key, moved);
  }
  return written === undefined && Object.keys(updates).length === 0 ? {} : { updates };
}

/**
 * Whether a result is the entity itself (a detail page, maybe wrapped: `{ article: Article }`), not
 * a list that merely holds it (`/tags/:slug` may name a tag whose slug is an article's).
 */
function readsEntity(node: SchemaNode, entity: typeof Entity): boolean {
  const self = toNode(entity);
  return node === self || (node instanceof ObjectSchema && node.members(toNode).some(([, member]) => member === self));
}

/** Index entries of the old pk removed, the new pk's entered (`null` in a write removes). */
function movedIndexes(entity: typeof Entity, change: PkChange, old: Record<string, unknown>, moved: unknown, indexes: WritePayload['indexes'], reader: EntityReader): WritePayload['indexes'] {
  const fields = entity.indexes ?? [];
  if (fields.length === 0) return indexes;
  const tables = { ...getOwn(indexes, change.key) };
  for (const field of fields) {
    const values = { ...getOwn(tables, field) };
    const before = hasOwn(old, field) ? old[field] : undefined;
    if (before !== undefined && before !== null) {
      const text = String(before);
      const current = hasOwn(values, text) ? values[text] : reader.index(change.key, field, text);
      if (current === change.from) setOwn(values, text, null);
    }
    const after = isObject(moved) && hasOwn(moved, field) ? moved[field] : undefined;
    if (after !== undefined && after !== null) setOwn(values, String(after), change.to);
    setOwn(tables, field, values);
  }
  const out = { ...indexes };
  setOwn(out, change.key, tables);
  return out;
}

/** A write's entity cells over the stored ones, copied table by table as they change. */
class Cells {
  readonly entities: Record<string, Record<string, unknown>>;
  private readonly copied = new Set<string>();

  constructor(
    private readonly written: Record<string, Record<string, unknown>>,
    private readonly reader: EntityReader,
  ) {
    this.entities = { ...written };
  }

  current(table: string, pk: string): unknown {
    const cells = getOwn(this.entities, table);
    return cells !== undefined && hasOwn(cells, pk) ? cells[pk] : this.reader.entity(table, pk);
  }

  set(table: string, pk: string, value: unknown): void {
    if (!this.copied.has(table)) {
      setOwn(this.entities, table, { ...getOwn(this.entities, table) });
      this.copied.add(table);
    }
    setOwn(this.entities[table]!, pk, value);
  }

  /** The stored pks, then those only the write has. */
  pks(table: string): readonly string[] {
    const stored = this.reader.pks(table);
    const written = Object.keys(getOwn(this.written, table) ?? {});
    if (written.length === 0) return stored;
    const seen = new Set(stored);
    return [...stored, ...written.filter((pk) => !seen.has(pk))];
  }
}

function nodeOf(definition: unknown): SchemaNode | undefined {
  try {
    return toNode(definition);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
