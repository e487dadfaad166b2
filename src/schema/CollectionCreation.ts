import { describeType, jsonEqual, preview } from '../internal/json';
import { setOwn } from '../internal/own';
import { denormalizeItems, normalizeItems } from './Array';
import type { CollectionSchema } from './Collection';
import type { DenormalizeContext } from './denormalizeContext';
import { NormalizeError, SchemaBase } from './node';
import type { NormalizeContext } from './normalizeContext';
import { denormalizeValues } from './Values';

/** What a creation schema does to its collection's lists: append, prepend, set entries (Values) or remove. */
export type CreationMode = 'push' | 'unshift' | 'assign' | 'remove';

/** `collection.push` / `unshift` / `assign` / `remove`: creation schemas (see docs/concepts.md#schemas). */
export class CollectionCreation extends SchemaBase<unknown> {
  readonly queryable = false;

  constructor(
    readonly collection: CollectionSchema<any>,
    readonly mode: CreationMode,
  ) {
    super();
    if ((mode === 'assign') !== collection.isValues && mode !== 'remove') {
      throw new TypeError(`[rtk-rest] ${collection.describe()}.${mode} needs ${mode === 'assign' ? 'a Values' : 'an Array'} collection`);
    }
  }

  describe(): string {
    return `${this.collection.describe()}.${this.mode}`;
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    const item = this.collection.item(ctx.resolve);
    let result: unknown;
    let added: unknown[];
    let assigned: Record<string, unknown> | undefined;
    if (this.mode === 'assign') {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw new NormalizeError(`expected an object for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
      }
      assigned = {};
      const keys = Object.keys(input);
      for (let i = 0; i < keys.length; i++) {
        if (ctx.placeholder !== undefined) ctx.itemPlaceholder = ctx.placeholder + i;
        setOwn(assigned, keys[i]!, item.normalize((input as Record<string, unknown>)[keys[i]!], input, keys[i], ctx));
      }
      ctx.itemPlaceholder = undefined;
      result = assigned;
      added = Object.values(assigned);
    } else if (Array.isArray(input)) {
      added = (ctx.placeholder === undefined ? normalizeItems(item, input, input, key, ctx) : this.withPlaceholders(input, key, ctx)).filter((pk) => pk !== null);
      result = added;
    } else {
      if (ctx.placeholder !== undefined) ctx.itemPlaceholder = ctx.placeholder + 0;
      result = item.normalize(input, parent, key, ctx);
      ctx.itemPlaceholder = undefined;
      added = [result];
    }
    this.updateLists(ctx, added, assigned);
    return result;
  }

  /** normalizeItems, with each item's placeholder pk offered (optimistic creations, see docs/concepts.md#optimistic-updates). */
  private withPlaceholders(input: readonly unknown[], key: string | undefined, ctx: NormalizeContext): unknown[] {
    const out = input.map((value, i) => {
      if (value === null || value === undefined) return null;
      ctx.itemPlaceholder = ctx.placeholder! + i;
      return this.collection.item(ctx.resolve).normalize(value, input, key, ctx);
    });
    ctx.itemPlaceholder = undefined;
    return out;
  }

  private updateLists(ctx: NormalizeContext, added: unknown[], assigned: Record<string, unknown> | undefined): void {
    const { collection } = this;
    for (const pk of tablePks(ctx, collection.key)) {
      const existing = ctx.current(collection.key, pk);
      if (typeof existing !== 'object' || existing === null) continue;
      if (!collection.accepts(pk, ctx.args)) continue;
      const next = this.apply(existing, added, assigned);
      // Creations ignore request start order and keep the list's freshness (see docs/concepts.md#schemas).
      if (next !== existing) ctx.write(collection.key, pk, next, undefined);
    }
  }

  private apply(existing: object, added: unknown[], assigned: Record<string, unknown> | undefined): unknown {
    if (assigned !== undefined) {
      const merged = { ...existing, ...assigned };
      return jsonEqual(merged, existing) ? existing : merged;
    }
    const keys = new Set(added.map(itemKey));
    if (!Array.isArray(existing)) {
      if (this.mode !== 'remove') return existing;
      const kept = Object.entries(existing).filter(([, value]) => !keys.has(itemKey(value)));
      return kept.length === Object.keys(existing).length ? existing : Object.fromEntries(kept);
    }
    if (this.mode === 'remove') {
      const kept = existing.filter((value) => !keys.has(itemKey(value)));
      return kept.length === existing.length ? existing : kept;
    }
    const present = new Set(existing.map(itemKey));
    const fresh: unknown[] = [];
    for (const value of added) {
      const k = itemKey(value);
      if (!present.has(k)) {
        present.add(k);
        fresh.push(value);
      }
    }
    if (fresh.length === 0) return existing;
    return this.mode === 'unshift' ? fresh.concat(existing) : existing.concat(fresh);
  }

  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    const item = this.collection.item(ctx.resolve);
    if (this.mode === 'assign' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return denormalizeValues(item, value as Record<string, unknown>, ctx, prev);
    }
    return Array.isArray(value) ? denormalizeItems(item, value, ctx, prev) : item.denormalize(value, ctx, prev);
  }
}

/** Identity of a stored collection item: a pk, or a union ref `{ id, schema }`. */
export function itemKey(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const ref = value as { id?: unknown; schema?: unknown };
    return `${String(ref.schema)}\u0000${String(ref.id)}`;
  }
  return String(value);
}

/** Every pk of a table, stored or written in this pass of `ctx`. */
function tablePks(ctx: NormalizeContext, key: string): string[] {
  const out = ctx.reader.pks(key).slice();
  for (const pk of Object.keys(ctx.table(key).cells)) if (ctx.reader.entity(key, pk) === undefined) out.push(pk);
  return out;
}
