import type { EntityMeta } from '../schema';
import type { Table } from './store/tables';

/** A stored error (see docs/concepts.md#errors-and-errorpolicy): JSON, rebuilt into an Error by readers. */
export interface StoredError {
  name: string;
  message: string;
  status: number;
  url?: string;
  /**
   * The server's parsed JSON body, when the failed response had one (a 422's field errors),
   * capped at ~8 KB and 8 levels; where it was cut it carries `"@@rtk-rest/truncated": true`.
   */
  body?: unknown;
}

/** Per-key bookkeeping (see docs/internals.md#the-state); absent fields are omitted. */
export interface KeyMeta {
  fetchedAt?: number;
  date?: number;
  expiresAt?: number;
  error?: StoredError;
  errorPolicy?: 'soft';
  invalidated?: true;
  pending?: string[];
  /** The `ETag` the stored answer came with, sent back as `If-None-Match`. */
  etag?: string;
  /** The `Last-Modified` the stored answer came with, sent back as `If-Modified-Since`. */
  lastModified?: string;
  /**
   * The URLs of the last response's `Link` header by relation (`{ next, last, … }`), resolved
   * against its request URL: `usePaginated` follows `next` exactly.
   */
  links?: Record<string, string>;
  /** The `paginationField` value of the last page appended to this list (e.g. `2`); absent after the list's own fetch. */
  cursor?: string | number;
}

/** A pending optimistic layer (see docs/internals.md#the-state); filled in with the optimistic-updates work. */
export interface OptimisticLayer {
  requestId: string;
  key: string;
  endpoint: string;
  fetchedAt: number;
  [field: string]: unknown;
}

/**
 * The slice at `state[reducerPath]` (see docs/internals.md#the-state): plain JSON only. Each table is a plain object
 * while small and a sharded trie of arrays once large (see tables.ts); read it through the
 * selectors, or see the logical layout through `rest.devTools`.
 */
export interface RestState {
  entities: Record<string, Table>;
  entitiesMeta: Record<string, Table<EntityMeta>>;
  indexes: Record<string, Record<string, Table<string>>>;
  endpoints: Table;
  meta: Table<KeyMeta>;
  optimistic: OptimisticLayer[];
  lastReset: number;
}

/** The pks an action changed, by entity key (see store/entityChanges.ts). */
export type ChangedEntities = Record<string, string[]>;

/** Entity writes as JSON (the cells, meta and index changes a normalization produced). */
export interface EntityWrite {
  entities: Record<string, Record<string, unknown>>;
  entitiesMeta: Record<string, Record<string, EntityMeta>>;
  indexes: Record<string, Record<string, Record<string, string | null>>>;
}

/** The payload of a committed response: entity writes, the key's result, other keys' results. */
export interface WritePayload extends EntityWrite {
  result?: unknown;
  updates?: Record<string, unknown>;
  /** Keys to expire with the write (a delete that could not tell which entity it removed). */
  expired?: string[];
}

/** `meta` of the three fetch actions (see docs/internals.md#actions). */
export interface FetchMeta {
  requestId: string;
  key: string;
  endpoint: string;
  fetchedAt: number;
  args?: unknown[];
  date?: number;
  expiresAt?: number;
  aborted?: true;
  /**
   * A page request's own key (its URL with the cursor, see docs/concepts.md#resources): its pending id and its error
   * are kept there, so the list (`key`) changes only when the page succeeds.
   */
  pageKey?: string;
  /**
   * On `fetch/fulfilled`: the key was invalidated while this request was in flight, so the answer
   * is written already expired (see docs/internals.md#merge-order) even when another request's outcome has since replaced
   * the key's `invalidated` meta.
   */
  invalidated?: true;
  /**
   * On `fetch/fulfilled` of a mutation (a `sideEffect` endpoint): its answer belongs to its caller
   * (the promise, `useMutation`'s state), so the payload has no `result` and the key keeps nothing
   * once its requests settle; the entities it normalized are written as for any answer.
   */
  sideEffect?: true;
  /** On `fetch/fulfilled`: the answer's validators, kept in the key's meta. */
  etag?: string;
  lastModified?: string;
  /** On `fetch/fulfilled`: the response's `Link` header URLs by relation, written to the key's meta. */
  links?: Record<string, string>;
  /** A `paginationField` page's cursor, written to the list key's meta. */
  cursor?: string | number;
}
