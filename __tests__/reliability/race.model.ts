/**
 * The serial model of the race suite (race.test.ts): what the store must hold after
 * each event of a program of concurrent requests on `Post 1–3` of the running example.
 *
 * The driver feeds the model the events in the order the store sees them: an operation starts
 * (`start`, `invalidate`, `invalidateAll`, `expireAll`, `reset`) or a response arrives
 * (`respond`). Time is a virtual clock that moves 1 ms before every event, so no two requests
 * share a start time and every rule that compares start times (`fetchedAt`) is decided.
 *
 * The model knows nothing of the library; it encodes these rules, and only these:
 *
 * - M1 Every entity a response writes gets meta `{ fetchedAt: its request's merge order,
 *   date: now, expiresAt: now + 60000 }`; so does the collection. The merge order is the request's
 *   start, except for a read that started while mutations were in flight: 1 ms before the
 *   earliest of their starts (the mutation's answer wins over a read the server may have answered
 *   before applying it). The key's meta keeps the start (M6).
 * - M2 An incoming entity over a stored one: when its request started earlier than the
 *   stored meta's `fetchedAt`, `{ ...incoming, ...stored }` and the stored meta stays ("an older
 *   response only fills missing fields"); otherwise `{ ...stored, ...incoming }` and the incoming
 *   meta (identical data keeps the object but the meta still moves).
 * - M3 Over a tombstone: an earlier-started write is ignored; a later-started (or
 *   same-ms) one replaces the tombstone outright (no merge).
 * - M4 A successful delete makes the cell a tombstone (`null`) in every case —
 *   without merging and whatever the cell held — with the delete's meta (M1). Its result is the pk.
 * - M5 A list response (of either list endpoint) stores the array of its item pks under `[Post]` /
 *   `{"group":"react"}`, replacing the stored array unless its request started earlier than the
 *   stored collection's `fetchedAt`; its items are written per M2/M3 either way. Reading it omits
 *   missing and tombstoned entities.
 * - M6 A key's result and meta are replaced by a success or error only when its
 *   request did not start before the stored `meta[key].fetchedAt`; otherwise only its pending id
 *   goes (its entities are still merged, M2–M5). A success writes `{ fetchedAt, date, expiresAt }`;
 *   an error writes `{ fetchedAt, date, expiresAt: now + 1000, error }` and keeps the result.
 *   Either is a new write of the key, so an earlier `invalidated` mark is gone (an
 *   invalidation lasts until a new write, and an error counts as a write).
 * - M6b A mutation's success (update, partialUpdate, delete) stores no result: unless older (M6),
 *   its key's result and meta go, but for the pending ids of its other requests; it resolves to
 *   the view's Post (M13), invalidated key or not.
 * - M7 A success whose request started before the key's latest invalidation is written with
 *   `expiresAt: 0` (the store breaks this in one case: report RACE-1 in race.test.ts).
 * - M8 `meta[key].pending` lists the ids of the key's requests in flight, in
 *   start order; a read of a key whose read is in flight joins it (no new request, same outcome);
 *   mutations are never joined.
 * - M9 `invalidate` removes the key's result and sets its meta to `{ fetchedAt:
 *   previous, date: now, expiresAt: 0, invalidated: true, pending }`; `invalidateAll` does so for
 *   every key in `endpoints` or `meta` its tester matches (`testKey`); `expireAll` sets
 *   `expiresAt: 0` on every matching key that has meta. Entities are untouched.
 * - M10 `resetEntireStore` empties everything (`lastReset: now`), removes every
 *   layer, and discards every request in flight: its promise rejects with `ResetError` and its
 *   response changes nothing, whenever it arrives.
 * - M11 An optimistic mutation adds a layer at its start: `update` and
 *   `partialUpdate` write `{ group, id, title }`, `delete` a tombstone; `partialUpdate` creates no
 *   layer when Post `id` is absent or tombstoned in the view. The view is the base with the layers
 *   applied in start order, each as a write with its request's start as `fetchedAt` (M2–M4).
 * - M12 A request's outcome removes exactly its layer; every base change
 *   recomputes the remaining layers against the new base, so a `partialUpdate` layer whose entity
 *   is then absent or tombstoned beneath it is dropped (its `getOptimisticResponse` aborts).
 * - M13 A fetch promise settles after its commit: a success resolves to
 *   `selectData` of its key read right after the commit (a delete to `Post.fromJS` of the answer or
 *   the URL parameters), a failure rejects with the `NetworkError`.
 * - M14 `selectData` of a Post key is `undefined` while the key is
 *   `invalidated`, else the view's Post (its result or, without one, the inferred entity);
 *   `selectData` of a list key is the view's collection read. `selectResponse` derives `status`,
 *   `isFetching`, `isLoading`, `error` and `expiryStatus` from that and the key's meta.
 */

export const A = 'https://api.example.com';
export const DATA_EXPIRY = 60_000;
export const ERROR_EXPIRY = 1_000;
/** The pk of the `[Post]` collection of `getList({ group: 'react' })`. */
export const LIST_PK = '{"group":"react"}';

export type Id = 1 | 2 | 3;
export const IDS: readonly Id[] = [1, 2, 3];
export type Title = 'a' | 'b' | 'c';
export type Fields = Record<string, unknown>;
export type ErrorStatus = 404 | 500;

// ---------------------------------------------------------------------------------------------
// Programs

export type PostReply = { status: 200; title: Title; views?: number } | { status: ErrorStatus };
export type ListReply = { status: 200; items: { id: Id; title: Title }[] } | { status: ErrorStatus };
/** A successful update answers the entity with the sent title (`{ id, title }`), or 204 No Content. */
export type MutationReply = { status: 200 | 204 } | { status: ErrorStatus };
/** `entity`: `{ id, title: 'gone' }`; `pk`: the JSON number `id`; `204`: no content. */
export type DeleteReply = { status: 200; body: 'entity' | 'pk' } | { status: 204 } | { status: ErrorStatus };
export type Tester = 'get' | 'list' | 'all';
/**
 * `getList`, or `others`: another read endpoint (`GET A/react/other-posts`) with the same
 * collection schema, so it writes the same collection under another key — reads of one key
 * are de-duplicated, so only two keys can race on one collection.
 */
export type ListVia = 'getList' | 'others';

export type Op =
  | { kind: 'get'; id: Id; reply: PostReply }
  | { kind: 'list'; via: ListVia; reply: ListReply }
  | { kind: 'update' | 'partialUpdate'; id: Id; title: Title; optimistic: boolean; reply: MutationReply }
  | { kind: 'delete'; id: Id; optimistic: boolean; reply: DeleteReply }
  | { kind: 'invalidate'; target: 'get' | 'list'; id: Id }
  | { kind: 'invalidateAll' | 'expireAll'; tester: Tester }
  | { kind: 'reset' };

export type RequestOp = Extract<Op, { reply: unknown }>;

export function describeOp(op: Op): string {
  const opt = 'optimistic' in op && op.optimistic ? ' optimistic' : '';
  switch (op.kind) {
    case 'get':
      return `get(${op.id})`;
    case 'list':
      return `${op.via}()`;
    case 'update':
    case 'partialUpdate':
      return `${op.kind}(${op.id}, { title: '${op.title}' })${opt}`;
    case 'delete':
      return `delete(${op.id})${opt}`;
    case 'invalidate':
      return op.target === 'get' ? `invalidate(get ${op.id})` : 'invalidate(getList)';
    case 'invalidateAll':
    case 'expireAll':
      return `${op.kind}(${op.tester})`;
    case 'reset':
      return 'resetEntireStore()';
  }
}

export function describeReply(op: RequestOp): string {
  const reply = op.reply;
  if (reply.status !== 200) return String(reply.status);
  switch (op.kind) {
    case 'get': {
      const r = reply as { title: Title; views?: number };
      return `200 ${JSON.stringify({ id: op.id, title: r.title, views: r.views })}`;
    }
    case 'list':
      return `200 ${JSON.stringify((reply as { items: unknown }).items)}`;
    case 'update':
    case 'partialUpdate':
      return `200 ${JSON.stringify({ id: op.id, title: op.title })}`;
    case 'delete':
      return (reply as { body: string }).body === 'entity' ? `200 ${JSON.stringify({ id: op.id, title: 'gone' })}` : `200 ${op.id}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Keys and URLs

export const METHOD = { get: 'GET', list: 'GET', update: 'PUT', partialUpdate: 'PATCH', delete: 'DELETE' } as const;

export function urlOf(op: RequestOp): string {
  if (op.kind === 'list') return op.via === 'getList' ? `${A}/react/posts` : `${A}/react/other-posts`;
  return `${A}/react/posts/${op.id}`;
}

export function keyOf(op: RequestOp): string {
  return `${METHOD[op.kind]} ${urlOf(op)}`;
}

export const getKey = (id: Id) => `GET ${A}/react/posts/${id}`;
export const LIST_KEY = `GET ${A}/react/posts`;
export const OTHERS_KEY = `GET ${A}/react/other-posts`;

/** Which keys `testKey` matches, for the three testers: `PostResource.get`, `PostResource.getList`, and `{ testKey: () => true }`. */
export function testerMatches(tester: Tester, key: string): boolean {
  if (tester === 'all') return true;
  const escaped = A.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = tester === 'get' ? `^GET ${escaped}/[^/?]+/posts/[^/?]+/?(\\?.*)?$` : `^GET ${escaped}/[^/?]+/posts/?(\\?.*)?$`;
  return new RegExp(pattern).test(key);
}

// ---------------------------------------------------------------------------------------------
// State

export interface EntityMeta {
  fetchedAt: number;
  date: number;
  expiresAt: number;
}

interface Cell<V> {
  value: V;
  meta: EntityMeta;
}

type PostCell = Cell<Fields | null>;

interface StoredError {
  name: string;
  message: string;
  status: number;
  url: string;
  /** The server's JSON error body. */
  body: unknown;
}

interface KeyMeta {
  fetchedAt?: number;
  date?: number;
  expiresAt?: number;
  error?: StoredError;
  invalidated?: true;
  pending: string[];
}

export interface ModelRequest {
  /** 1-based, in start order. */
  readonly no: number;
  readonly op: RequestOp;
  readonly key: string;
  readonly fetchedAt: number;
  /** The `fetchedAt` its entities and collection are written with (M1). */
  readonly mergeAt: number;
  readonly read: boolean;
  /** The store's request id (from its `fetch/pending`). */
  readonly requestId: string;
  state: 'inflight' | 'settled' | 'discarded';
  /** Op indexes sharing this request (the first one, then joined reads). */
  readonly ops: number[];
}

interface Layer {
  readonly request: ModelRequest;
  readonly pk: string;
  /** The optimistic value: fields for update/partialUpdate, `null` for delete. */
  readonly value: Fields | null;
}

/** What a fetch promise must do (M13). */
export type Expected =
  | { settles: 'resolve'; value: unknown }
  | { settles: 'reject'; name: 'NetworkError'; status: number }
  | { settles: 'reject'; name: 'ResetError'; message: string };

/** A Post as the model compares it: its own data fields (`author` is never sent, so never stored). */
export type PostSummary = Fields | undefined;

function cleanMeta(meta: KeyMeta): Fields {
  const out: Fields = {};
  if (meta.fetchedAt !== undefined) out.fetchedAt = meta.fetchedAt;
  if (meta.date !== undefined) out.date = meta.date;
  if (meta.expiresAt !== undefined) out.expiresAt = meta.expiresAt;
  if (meta.error !== undefined) out.error = meta.error;
  if (meta.invalidated) out.invalidated = true;
  if (meta.pending.length > 0) out.pending = [...meta.pending];
  return out;
}

/** How often each rule decided something (RACE_TIMING=1 prints the totals): shows what the runs reach. */
export const ruleStats = new Map<string, number>();
const count = (rule: string) => ruleStats.set(rule, (ruleStats.get(rule) ?? 0) + 1);

/** M2 and M3: an entity write over a cell. */
function writeEntity(cell: PostCell | undefined, incoming: Fields, meta: EntityMeta, stats = false): PostCell {
  if (cell === undefined) return { value: { ...incoming }, meta };
  if (cell.value === null) {
    if (stats) count(meta.fetchedAt < cell.meta.fetchedAt ? 'M3 older write over a tombstone ignored' : 'M3 later write replaces a tombstone');
    return meta.fetchedAt < cell.meta.fetchedAt ? cell : { value: { ...incoming }, meta };
  }
  const older = meta.fetchedAt < cell.meta.fetchedAt;
  if (stats && older) count('M2 older write only fills missing fields');
  return older ? { value: { ...incoming, ...cell.value }, meta: cell.meta } : { value: { ...cell.value, ...incoming }, meta };
}

export class SerialModel {
  posts = new Map<string, PostCell>();
  list: Cell<string[]> | undefined;
  endpoints = new Map<string, string>();
  meta = new Map<string, KeyMeta>();
  layers: Layer[] = [];
  lastReset = 0;
  /** Latest invalidation time per key since the last reset (M7). */
  invalidatedAt = new Map<string, number>();
  readonly requests: ModelRequest[] = [];
  /** Per op index, what its promise must do, once known. */
  readonly expected = new Map<number, Expected>();

  // -------------------------------------------------------------------------------------------
  // Reads of the view (M11, M14)

  /** The view's cell of Post `pk`: the base with every layer applied in start order. */
  viewCell(pk: string, layers: readonly Layer[] = this.layers): PostCell | undefined {
    let cell = this.posts.get(pk);
    for (const layer of layers) {
      if (layer.pk !== pk) continue;
      const meta = { fetchedAt: layer.request.fetchedAt, date: layer.request.fetchedAt, expiresAt: layer.request.fetchedAt + DATA_EXPIRY };
      cell = layer.value === null ? { value: null, meta } : writeEntity(cell, layer.value, meta);
    }
    return cell;
  }

  viewPost(pk: string): PostSummary {
    const value = this.viewCell(pk)?.value;
    return value === null || value === undefined ? undefined : { ...value };
  }

  /** The list read (M5): item pks in stored order without missing or tombstoned entities. */
  viewList(): string[] | undefined {
    return this.list?.value.filter((pk) => this.viewPost(pk) !== undefined);
  }

  /**
   * `selectResponse` of a read key, the fields the model decides: `isFetching` (pending
   * ids), `error` (the stored one; no `errorPolicy` here), `status`, and `expiryStatus` when the key
   * has meta with a `date` (an inferred read takes its expiry from entity meta, left unchecked).
   */
  responseOf(key: string, pk: string | undefined, now: number): Fields {
    const meta = this.meta.get(key);
    const data = this.dataOf(key, pk);
    const isFetching = (meta?.pending.length ?? 0) > 0;
    const hasResult = this.endpoints.has(key) && !meta?.invalidated;
    const status = isFetching ? 'pending' : meta?.error ? 'rejected' : data !== undefined || hasResult ? 'fulfilled' : 'uninitialized';
    const out: Fields = { isFetching, isLoading: isFetching && data === undefined, error: meta?.error, status };
    if (data === undefined) out.expiryStatus = 'invalid';
    else if (meta?.date !== undefined) out.expiryStatus = now > meta.expiresAt! ? 'stale' : 'valid';
    return out;
  }

  /** `selectData` of a key (M14). */
  dataOf(key: string, pk: string | undefined): unknown {
    if (this.meta.get(key)?.invalidated) return undefined;
    return pk === undefined ? this.viewList() : this.viewPost(pk);
  }

  // -------------------------------------------------------------------------------------------
  // Events

  private keyMeta(key: string): KeyMeta {
    let meta = this.meta.get(key);
    if (meta === undefined) this.meta.set(key, (meta = { pending: [] }));
    return meta;
  }

  /** A read in flight for `key`, which a new read of it joins (M8). */
  inFlightRead(key: string): ModelRequest | undefined {
    return this.requests.find((request) => request.read && request.key === key && request.state === 'inflight');
  }

  /**
   * An operation with a request starts at `now`. Returns the joined request for a read whose key
   * is in flight; otherwise `undefined`, and the caller calls `begin` with the store's request id.
   */
  join(opIndex: number, op: RequestOp): ModelRequest | undefined {
    if (op.kind !== 'get' && op.kind !== 'list') return undefined;
    const joined = this.inFlightRead(keyOf(op));
    joined?.ops.push(opIndex);
    if (joined) count('M8 read joins the read in flight');
    return joined;
  }

  begin(opIndex: number, op: RequestOp, requestId: string, now: number): ModelRequest {
    const key = keyOf(op);
    const read = op.kind === 'get' || op.kind === 'list';
    let mergeAt = now;
    if (read) for (const other of this.requests) if (other.state === 'inflight' && !other.read && other.fetchedAt <= mergeAt) mergeAt = other.fetchedAt - 1;
    if (mergeAt !== now) count('M1 a read that overlaps a mutation merges before it');
    const request: ModelRequest = { no: this.requests.length + 1, op, key, fetchedAt: now, mergeAt, read, requestId, state: 'inflight', ops: [opIndex] };
    this.requests.push(request);
    this.keyMeta(key).pending.push(requestId);
    if ((op.kind === 'update' || op.kind === 'partialUpdate' || op.kind === 'delete') && op.optimistic) {
      const pk = String(op.id);
      if (op.kind === 'delete') this.layers.push({ request, pk, value: null });
      else if (op.kind === 'update' || this.viewPost(pk) !== undefined) this.layers.push({ request, pk, value: { group: 'react', id: op.id, title: op.title } });
      else count('M11 partialUpdate creates no layer');
      if (this.layers.length > 1) count('M11 several layers at once');
    }
    return request;
  }

  /** The response of `request` arrives at `now` and is committed (M1–M8, M12, M13). */
  respond(request: ModelRequest, now: number): void {
    if (request.state === 'discarded') return void count('M10 response after a reset dropped');
    if (request.state !== 'inflight') throw new Error(`model: request #${request.no} answered twice`);
    request.state = 'settled';
    const { op } = request;
    const meta: EntityMeta = { fetchedAt: request.mergeAt, date: now, expiresAt: now + DATA_EXPIRY };
    const ok = op.reply.status === 200 || op.reply.status === 204;
    let result: string | undefined;
    if (ok) {
      switch (op.kind) {
        case 'get': {
          const reply = op.reply as { title: Title; views?: number };
          this.writePost(op.id, { id: op.id, title: reply.title, ...(reply.views === undefined ? {} : { views: reply.views }) }, meta);
          result = String(op.id);
          break;
        }
        case 'list': {
          const { items } = op.reply as { items: { id: Id; title: Title }[] };
          for (const item of items) this.writePost(item.id, { id: item.id, title: item.title }, meta);
          if (this.list === undefined || !(meta.fetchedAt < this.list.meta.fetchedAt)) this.list = { value: items.map((item) => String(item.id)), meta };
          else count('M5 older list keeps the stored array');
          result = LIST_PK;
          break;
        }
        case 'update':
        case 'partialUpdate':
          // An empty answer stands for `{ ...pathParams, ...body }`.
          this.writePost(op.id, op.reply.status === 204 ? { group: 'react', id: op.id, title: op.title } : { id: op.id, title: op.title }, meta);
          result = String(op.id);
          break;
        case 'delete':
          if (this.posts.get(String(op.id))?.value && this.posts.get(String(op.id))!.meta.fetchedAt > meta.fetchedAt) count('M4 delete tombstones a later-started write');
          this.posts.set(String(op.id), { value: null, meta });
          result = String(op.id);
          break;
      }
    }
    // M6–M8: the key's result and meta.
    const previous = this.keyMeta(request.key);
    const pending = previous.pending.filter((id) => id !== request.requestId);
    if (previous.fetchedAt !== undefined && request.fetchedAt < previous.fetchedAt) {
      count('M6 older outcome leaves result and meta');
      this.meta.set(request.key, { ...previous, pending });
    } else if (ok && !request.read) {
      // M6b: a mutation's answer is its caller's: its key keeps nothing but its other requests in flight.
      count('M6b mutation success leaves its key empty');
      this.endpoints.delete(request.key);
      if (pending.length > 0) this.meta.set(request.key, { pending });
      else this.meta.delete(request.key);
    } else if (ok) {
      this.endpoints.set(request.key, result!);
      const stale = request.fetchedAt < (this.invalidatedAt.get(request.key) ?? -Infinity);
      if (stale) count('M7 write after invalidation gets expiresAt 0');
      this.meta.set(request.key, { fetchedAt: request.fetchedAt, date: now, expiresAt: stale ? 0 : now + DATA_EXPIRY, pending });
    } else {
      const url = urlOf(op);
      // The error answer's JSON body (see replyFor) is kept with the error.
      const error = { name: 'NetworkError', message: `${url}: status ${op.reply.status}`, status: op.reply.status, url, body: { message: 'boom' } };
      this.meta.set(request.key, { fetchedAt: request.fetchedAt, date: now, expiresAt: now + ERROR_EXPIRY, error, pending });
    }
    // M12: the request's layer goes; the others are recomputed against the new base.
    this.layers = this.layers.filter((layer) => layer.request !== request);
    this.recomputeLayers();
    // M13.
    for (const index of request.ops) {
      if (!ok) this.expected.set(index, { settles: 'reject', name: 'NetworkError', status: op.reply.status });
      else if (op.kind === 'delete') this.expected.set(index, { settles: 'resolve', value: { deleted: op.id } });
      else if (op.kind === 'update' || op.kind === 'partialUpdate') this.expected.set(index, { settles: 'resolve', value: this.viewPost(String(op.id)) });
      else this.expected.set(index, { settles: 'resolve', value: this.dataOf(request.key, op.kind === 'list' ? undefined : String(op.id)) });
    }
  }

  private writePost(id: Id, incoming: Fields, meta: EntityMeta): void {
    this.posts.set(String(id), writeEntity(this.posts.get(String(id)), incoming, meta, true));
  }

  /** M12: layers in start order against the base plus the layers kept before them. */
  private recomputeLayers(): void {
    const kept: Layer[] = [];
    for (const layer of this.layers) {
      const beneath = this.viewCell(layer.pk, kept)?.value;
      if (layer.request.op.kind === 'partialUpdate' && (beneath === null || beneath === undefined)) {
        count('M12 partialUpdate layer dropped on recompute');
        continue;
      }
      kept.push(layer);
    }
    this.layers = kept;
  }

  /** M9 `invalidate` of the given keys, at `now`. */
  invalidate(keys: readonly string[], now: number): void {
    for (const key of keys) {
      this.endpoints.delete(key);
      const previous = this.meta.get(key);
      this.meta.set(key, { fetchedAt: previous?.fetchedAt, date: now, expiresAt: 0, invalidated: true, pending: previous?.pending ?? [] });
      this.invalidatedAt.set(key, now);
    }
    this.recomputeLayers();
  }

  /** The keys `invalidateAll(tester)` covers (M9); none: nothing is dispatched. */
  keysForInvalidateAll(tester: Tester): string[] {
    const keys = new Set([...this.endpoints.keys(), ...this.meta.keys()]);
    return [...keys].filter((key) => testerMatches(tester, key));
  }

  /** The keys `expireAll(tester)` covers (M9): matching keys that have meta; none: nothing is dispatched. */
  keysForExpireAll(tester: Tester): string[] {
    return [...this.meta.keys()].filter((key) => testerMatches(tester, key));
  }

  expireAll(tester: Tester): void {
    for (const [key, meta] of this.meta) if (testerMatches(tester, key)) meta.expiresAt = 0;
    this.recomputeLayers();
  }

  /** M10. */
  reset(now: number): void {
    for (const request of this.requests) {
      if (request.state !== 'inflight') continue;
      request.state = 'discarded';
      for (const index of request.ops) this.expected.set(index, { settles: 'reject', name: 'ResetError', message: 'Request discarded by resetEntireStore()' });
    }
    this.posts.clear();
    this.list = undefined;
    this.endpoints.clear();
    this.meta.clear();
    this.layers = [];
    this.invalidatedAt.clear();
    this.lastReset = now;
  }

  // -------------------------------------------------------------------------------------------
  // What the store must hold

  /** The slice in its logical layout; layers as their contract fields only. */
  expectedSlice(layerEndpointName: (op: RequestOp) => string): Fields {
    const entities: Fields = {};
    const entitiesMeta: Fields = {};
    if (this.posts.size > 0) {
      entities.Post = Object.fromEntries([...this.posts].map(([pk, cell]) => [pk, cell.value]));
      entitiesMeta.Post = Object.fromEntries([...this.posts].map(([pk, cell]) => [pk, cell.meta]));
    }
    if (this.list !== undefined) {
      entities['[Post]'] = { [LIST_PK]: this.list.value };
      entitiesMeta['[Post]'] = { [LIST_PK]: this.list.meta };
    }
    return {
      entities,
      entitiesMeta,
      indexes: {},
      endpoints: Object.fromEntries(this.endpoints),
      meta: Object.fromEntries([...this.meta].map(([key, meta]) => [key, cleanMeta(meta)])),
      optimistic: this.layers.map(({ request }) => ({
        requestId: request.requestId,
        key: request.key,
        endpoint: layerEndpointName(request.op),
        fetchedAt: request.fetchedAt,
      })),
      lastReset: this.lastReset,
    };
  }

  inFlightRequestIds(): string[] {
    return this.requests.filter((request) => request.state === 'inflight').map((request) => request.requestId);
  }
}
