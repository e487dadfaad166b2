import { jsonEqual, toJSONValue } from '../internal/json';
import { hasOwn, hasOwnProperty } from '../internal/own';
import type { EntityNode } from './entityNode';
import { sameMeta } from './normalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { EntityMeta } from './types';

type Fields = Record<string, unknown>;
const ZERO_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 0 };

/** Writes an incoming entity over the stored cell: shallow merge, later request start wins (see docs/concepts.md#entities). */
export function writeEntity(node: EntityNode, ctx: NormalizeContext, pk: string, incoming: Fields): void {
  const key = node.key;
  const table = ctx.table(key);
  // `ctx.current`, keeping what it found out: whether this pass wrote the cell already.
  const inPass = hasOwnProperty.call(table.cells, pk);
  const existing = (inPass ? table.cells[pk] : ctx.stored(key, pk, table)) as Fields | null | undefined;
  const incomingMeta = ctx.meta;
  if (existing === undefined || existing === null || typeof existing !== 'object') {
    // Absent, or a tombstone: older writes are ignored, later ones replace it outright (see docs/concepts.md#entities).
    if (existing !== undefined && incomingMeta.fetchedAt < (ctx.currentMeta(key, pk) ?? ZERO_META).fetchedAt) return;
    ctx.write(key, pk, incoming, incomingMeta, table, !inPass);
    if (node.indexes.length > 0) updateIndexes(node, ctx, pk, undefined, incoming);
    return;
  }
  const existingMeta = ctx.currentMeta(key, pk) ?? ZERO_META;
  let merged: Fields;
  let meta: EntityMeta;
  // Identical data keeps the stored object, so no reference anywhere changes (see docs/concepts.md#entities).
  if (node.defaultMerging) {
    const older = incomingMeta.fetchedAt < existingMeta.fetchedAt;
    // The shallow merge changes nothing when the stored object has every incoming field (with
    // the same value, unless the stored fields win): the usual case of an entity met again (the
    // author of many posts), told without building the merged copy.
    merged = covers(existing, incoming, older) ? existing : older ? { ...incoming, ...existing } : { ...existing, ...incoming };
    meta = older ? existingMeta : incomingMeta;
  } else {
    merged = toJSONValue(node.cls.mergeWithStore(existingMeta, incomingMeta, existing, incoming)) as Fields;
    meta = node.cls.mergeMetaWithStore(existingMeta, incomingMeta, existing, incoming);
    if (merged !== existing && jsonEqual(merged, existing)) merged = existing;
  }
  if (merged === existing) {
    if (!sameMeta(meta, existingMeta)) ctx.writeMeta(key, pk, meta);
    return;
  }
  ctx.write(key, pk, merged, meta === existingMeta ? undefined : meta, table, !inPass);
  if (node.indexes.length > 0 && merged !== existing) updateIndexes(node, ctx, pk, existing, merged);
}

/** Whether `existing` has every own field of `incoming`, each equal as JSON unless `keysOnly`. */
function covers(existing: Fields, incoming: Fields, keysOnly: boolean): boolean {
  for (const k in incoming) {
    if (!hasOwn(incoming, k)) continue;
    if (!hasOwn(existing, k) || (!keysOnly && !jsonEqual(incoming[k], existing[k]))) return false;
  }
  return true;
}

/** Deletes an entity: its cell becomes `null` and its index entries go (see docs/concepts.md#schemas, docs/internals.md#the-state). */
export function writeTombstone(node: EntityNode, ctx: NormalizeContext, pk: string): void {
  const existing = ctx.current(node.key, pk);
  if (node.indexes.length > 0 && existing !== null && typeof existing === 'object') {
    updateIndexes(node, ctx, pk, existing as Fields, undefined);
  }
  ctx.write(node.key, pk, null, ctx.meta);
}

/** Keeps `indexes[key][field]` in step: old entries of this pk removed, new ones added (see docs/concepts.md#entities). */
function updateIndexes(node: EntityNode, ctx: NormalizeContext, pk: string, before: Fields | undefined, after: Fields | undefined): void {
  for (const field of node.indexes) {
    const oldValue = before !== undefined && hasOwn(before, field) ? before[field] : undefined;
    const newValue = after !== undefined && hasOwn(after, field) ? after[field] : undefined;
    if (oldValue === newValue && before !== undefined) continue;
    if (oldValue !== undefined && oldValue !== null) {
      const text = String(oldValue);
      if (ctx.currentIndex(node.key, field, text) === pk) ctx.writeIndex(node.key, field, text, null);
    }
    if (newValue !== undefined && newValue !== null) {
      const text = String(newValue);
      if (ctx.currentIndex(node.key, field, text) !== pk) ctx.writeIndex(node.key, field, text, pk);
    }
  }
}
