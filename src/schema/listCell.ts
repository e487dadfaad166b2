import { fillItems } from './Array';
import type { DenormalizeContext } from './denormalizeContext';
import { readCell } from './memoCell';
import type { CellReader } from './memoCell';
import type { SchemaNode } from './node';
import { fillValues } from './Values';

type Fields = Record<string, unknown>;

/**
 * Reads stored collection lists (an array of pks, or a `Values` object of them) of one item
 * schema. It is the reader a memoized list is cached under, so every collection schema of the
 * same items (an endpoint's, a nested field's) reads one stored list as one array.
 */
class ListReader implements CellReader {
  constructor(private readonly item: SchemaNode) {}

  rejects(): boolean {
    return false;
  }

  opens(): boolean {
    return true;
  }

  /** Filled in place, so that a cycle back to this list while it is read finds this very array. */
  create(stored: object): object {
    return Array.isArray(stored) ? [] : {};
  }

  fill(_pk: string, stored: object, list: object, ctx: DenormalizeContext, previous: object | undefined): void {
    if (Array.isArray(stored)) fillItems(this.item, stored, ctx, list as unknown[], previous as unknown[] | undefined);
    else fillValues(this.item, stored as Fields, ctx, list as Fields, previous as Fields | undefined);
  }
}

const readers = new WeakMap<SchemaNode, ListReader>();

/** The memoized read of the stored collection `key`/`pk` of `item` (see docs/concepts.md#schemas, docs/internals.md#memoized-reads). */
export function readStoredList(ctx: DenormalizeContext, item: SchemaNode, key: string, pk: string, stored: object): unknown {
  let reader = readers.get(item);
  if (reader === undefined) readers.set(item, (reader = new ListReader(item)));
  return readCell(ctx, reader, key, pk, stored);
}
