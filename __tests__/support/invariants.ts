/**
 * Store invariant checker (test helper) for the rtk-rest slice: layout, plain JSON, meta,
 * indexes, optimistic layers and requests in flight.
 *
 *   checkInvariants(rest, store.getState(), options?)  → string[]  (empty when every invariant holds)
 *   expectInvariants(rest, store.getState(), options?) → throws an Error listing the violations
 *
 * Every violation is one line `[class] message`, where `class` is one of:
 *
 * - `shape`       the slice has the tables of the logical layout with the right kinds of values (objects,
 *                 an array of layers, a finite `lastReset`; entity cells are objects, arrays
 *                 (collections) or `null` tombstones);
 * - `json`        the raw slice (sharded tables included) is plain JSON: no
 *                 `undefined` (in objects or arrays), no holes, no functions, symbols or bigints,
 *                 no NaN/±Infinity/-0, no class instances (Date, Map, Error, …), no accessors or
 *                 non-enumerable own properties, no extra keys on arrays, no cycles; and
 *                 `JSON.parse(JSON.stringify(slice))` deep-equals it;
 * - `meta`        `meta[key]` exists for every result key; its fields are the documented key meta fields, with
 *                 their types (absent fields omitted, `pending` a non-empty list of unique ids,
 *                 `errorPolicy` only beside an `error`, `expiresAt` ≤ MAX_SAFE_INTEGER); an
 *                 `invalidated` key holds no result; every stored error is
 *                 `{ name, message, status, url? }`;
 * - `references`  every result references only existing entities or tombstones: the cells its
 *                 read depends on (the `paths` of `MemoCache.denormalize`) are all
 *                 present (`null` counts as present). This needs the schema of each key, so it is
 *                 checked only for keys whose endpoint is known (see `endpoints` / `store` below);
 *                 other keys are skipped, never reported;
 * - `entitiesMeta` every entity cell (tombstones included) has its `entitiesMeta` cell
 *                 `{ fetchedAt, date, expiresAt }` and vice versa (no partial write);
 * - `indexes`     every `indexes[Entity][field][value] = pk` entry points at a stored,
 *                 non-tombstoned entity whose `String(field)` is `value`; every stored entity
 *                 with a non-null value in an indexed field is listed under that value.
 *                 Indexed fields are those present in `indexes[Entity]`, plus the `static indexes`
 *                 of the Entity classes reachable from the given endpoints / `entities` option;
 * - `optimistic`  no layer without an in-flight request ("a layer never outlives its
 *                 request"). See "In-flight requests" below.
 *
 * In-flight requests. The state itself records them: `fetch/pending` adds the request id to
 * `meta[key].pending` in the same action that adds the layer, and the request's outcome (or a
 * reset, or `middlewareRegistered`) removes both together. So, from the state alone, the checker
 * requires every layer `{ requestId, key, endpoint, fetchedAt }` to have its `requestId` in
 * `meta[key].pending`, layer ids to be unique, and layers to be in start order. A test that knows
 * more passes it:
 *
 * - `inFlightRequestIds`: the exact set of request ids in flight (e.g. `inFlightFromLog(actions)`
 *   over the actions that reached the reducer). Every pending id and every layer id must be in it;
 * - `inFlightKeys`: keys with a request in flight. Every key with pending ids or a layer must be in it;
 * - `store`: the store itself. The checker then asks the store's middleware for its private
 *   records through the development-only probe action `${reducerPath}/internal/records`
 *   (internal and not part of the contract, used duck-typed and skipped when it does not answer).
 *   From it: every key with `n` pending ids has at least `n` live requests for that key (reads are
 *   de-duplicated, so one id per read; each mutation has its own); and the endpoints and arguments
 *   it last saw per key, which enables the `references` check for every key the store requested.
 *
 * Options also take `endpoints` (endpoints, resources, or `[endpoint, ...args]` tuples; a key is
 * matched exactly by a tuple's `endpoint.key(...args)`, else by `endpoint.testKey(key)` when every
 * matching endpoint has the same schema), `entities` (extra Entity classes for index fields),
 * `allowDangling` (accept references to absent nested cells, e.g. data written with `rest.set`
 * that names a never-fetched pk; the top-level cell of an entity result must still exist), and
 * `skip` (invariant classes not to check).
 */
import { Entity, MemoCache } from 'rtk-rest';

export type InvariantClass = 'shape' | 'json' | 'meta' | 'references' | 'entitiesMeta' | 'indexes' | 'optimistic';

/** What the checker needs of `rest` (the object `createRest` returns). */
export interface RestLike {
  readonly reducerPath: string;
  readonly devTools?: { stateSanitizer?: (state: any, index: number) => any };
}

/** An endpoint as far as the checker cares: a callable with `key`, `testKey` and `schema`. */
interface EndpointLike {
  (...args: any[]): unknown;
  key(...args: any[]): string;
  testKey(key: string): boolean;
  schema?: unknown;
  name: string;
}

export interface InvariantOptions {
  /** Exact set of request ids in flight (e.g. `inFlightFromLog(actions)`). */
  inFlightRequestIds?: Iterable<string>;
  /** Keys with a request in flight. */
  inFlightKeys?: Iterable<string>;
  /** The store: enables the controller-side checks (see the file comment). */
  store?: { dispatch: (action: any) => any };
  /** Endpoints, resources (objects of endpoints) or `[endpoint, ...args]` tuples, to know the schema of each key. */
  endpoints?: Iterable<unknown>;
  /** Extra Entity classes whose `static indexes` name indexed fields. */
  entities?: Iterable<unknown>;
  /** Accept references to absent nested cells (the top-level entity of a result must still exist). */
  allowDangling?: boolean;
  /** Invariant classes not to check. */
  skip?: Iterable<InvariantClass>;
}

const MAX_TIME = Number.MAX_SAFE_INTEGER;
const TABLES = ['entities', 'entitiesMeta', 'indexes', 'endpoints', 'meta', 'optimistic', 'lastReset'] as const;
// `etag`, `lastModified`: the validators of conditional requests.
const META_FIELDS = new Set(['fetchedAt', 'date', 'expiresAt', 'error', 'errorPolicy', 'invalidated', 'pending', 'etag', 'lastModified']);
// `body`: the server's parsed error body, capped.
const ERROR_FIELDS = new Set(['name', 'message', 'status', 'url', 'body']);
/** The stored error body's cap (src/redux/requests/errorBody.ts: 8 KB of JSON, plus the markers). */
const MAX_ERROR_BODY_CHARS = 8 * 1024 + 256;

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return String(value);
  }
};
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Own value of a plain-object table cell, without ever reading an inherited property. */
function own(table: unknown, key: string): unknown {
  return isRecord(table) && hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Request ids in flight according to a log of the actions that reached the reducer: ids of
 * `fetch/pending` with no `fetch/fulfilled` or `fetch/rejected` yet, all cleared by
 * `resetEntireStore` and `middlewareRegistered`.
 */
export function inFlightFromLog(actions: Iterable<{ type: string; meta?: unknown }>, reducerPath = 'rest'): Set<string> {
  const ids = new Set<string>();
  for (const action of actions) {
    const requestId = (action.meta as { requestId?: unknown } | undefined)?.requestId;
    if (action.type === `${reducerPath}/fetch/pending` && typeof requestId === 'string') ids.add(requestId);
    else if ((action.type === `${reducerPath}/fetch/fulfilled` || action.type === `${reducerPath}/fetch/rejected`) && typeof requestId === 'string') ids.delete(requestId);
    else if (action.type === `${reducerPath}/resetEntireStore` || action.type === `${reducerPath}/middlewareRegistered`) ids.clear();
  }
  return ids;
}

/** The store's private controller through the internal probe, duck-typed; undefined when it does not answer. */
interface ControllerView {
  readonly active: Iterable<{ key: string }>;
  readonly endpointsByKey?: Map<string, unknown>;
  readonly argsByKey?: Map<string, readonly unknown[]>;
}

function controllerOf(store: { dispatch: (action: any) => any }, reducerPath: string): ControllerView | undefined {
  let answer: unknown;
  try {
    answer = store.dispatch({ type: `${reducerPath}/internal/records` });
  } catch {
    return undefined;
  }
  const active = (answer as { active?: unknown } | undefined)?.active;
  if (typeof answer !== 'object' || answer === null || !(active instanceof Set)) return undefined;
  return answer as ControllerView;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Violations of "plain JSON" below `value`: at most `limit` of them. */
function jsonViolations(root: unknown, limit = 20): string[] {
  const out: string[] = [];
  const ancestors = new Set<object>();
  const walk = (value: unknown, path: string): void => {
    if (out.length >= limit) return;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) out.push(`${path} is ${value} (not a finite number)`);
      else if (Object.is(value, -0)) out.push(`${path} is -0 (does not survive a JSON round trip)`);
      return;
    }
    if (value === undefined) {
      out.push(`${path} is undefined`);
      return;
    }
    if (typeof value !== 'object') {
      out.push(`${path} is a ${typeof value}`);
      return;
    }
    if (ancestors.has(value)) {
      out.push(`${path} is a cycle (refers to one of its ancestors)`);
      return;
    }
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
      out.push(`${path} is an instance of ${(proto as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'an unknown class'}, not a plain ${isArray ? 'array' : 'object'}`);
      return;
    }
    if (Object.getOwnPropertySymbols(value).length > 0) out.push(`${path} has symbol keys`);
    ancestors.add(value);
    const descriptors = Object.getOwnPropertyDescriptors(value) as Record<string, PropertyDescriptor>;
    if (isArray) {
      const array = value as unknown[];
      for (let i = 0; i < array.length; i++) {
        if (!hasOwn(array, String(i))) out.push(`${path}[${i}] is a hole`);
        else if (out.length < limit) checkDescriptor(descriptors[String(i)]!, `${path}[${i}]`);
      }
      for (const key of Object.keys(descriptors)) {
        if (key !== 'length' && !(String(Number(key)) === key && Number(key) < array.length)) out.push(`${path} has the non-index key ${JSON.stringify(key)} (lost by JSON)`);
      }
    } else {
      for (const key of Object.keys(descriptors)) checkDescriptor(descriptors[key]!, `${path}${pathKey(key)}`);
    }
    ancestors.delete(value);
  };
  const checkDescriptor = (descriptor: PropertyDescriptor, path: string) => {
    if (out.length >= limit) return;
    if (!('value' in descriptor)) out.push(`${path} is an accessor property`);
    else if (!descriptor.enumerable) out.push(`${path} is not enumerable (lost by JSON)`);
    else walk(descriptor.value, path);
  };
  walk(root, '$');
  return out;
}

const pathKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** First structural difference between a value and its JSON round trip (own keys only; null and Object prototypes alike). */
function jsonDiff(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${show(a)} vs ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k) => !hasOwn(b, k))) return `${path}: keys ${show(ka)} vs ${show(kb)}`;
  for (const k of ka) {
    const diff = jsonDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}${pathKey(k)}`);
    if (diff !== undefined) return diff;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Endpoints and schemas

const isEndpoint = (value: unknown): value is EndpointLike =>
  typeof value === 'function' && typeof (value as { key?: unknown }).key === 'function' && typeof (value as { testKey?: unknown }).testKey === 'function';

interface KnownEndpoints {
  exact: Map<string, { schema: unknown; args: readonly unknown[] }>;
  loose: EndpointLike[];
}

function collectEndpoints(options: InvariantOptions, controller: ControllerView | undefined): KnownEndpoints {
  const exact = new Map<string, { schema: unknown; args: readonly unknown[] }>();
  const loose: EndpointLike[] = [];
  const byKey = controller?.endpointsByKey;
  if (byKey instanceof Map) {
    for (const [key, endpoint] of byKey) {
      if (isEndpoint(endpoint)) exact.set(key, { schema: endpoint.schema, args: controller?.argsByKey?.get(key) ?? [] });
    }
  }
  for (const item of options.endpoints ?? []) {
    if (Array.isArray(item) && isEndpoint(item[0])) {
      const [endpoint, ...args] = item as [EndpointLike, ...unknown[]];
      exact.set(endpoint.key(...args), { schema: endpoint.schema, args });
    } else if (isEndpoint(item)) {
      loose.push(item);
    } else if (isRecord(item)) {
      for (const member of Object.values(item)) if (isEndpoint(member)) loose.push(member);
    }
  }
  return { exact, loose };
}

/**
 * The candidate readings of a key: its exact endpoint (tuple or controller), else every schema of
 * the loose endpoints whose `testKey` matches it (a resource's `getList` and `getPage` both match
 * a list key; their schemas differ as objects but read the same result).
 */
function readingsOf(known: KnownEndpoints, key: string): { schema: unknown; args: readonly unknown[] }[] {
  const exact = known.exact.get(key);
  if (exact !== undefined) return exact.schema === undefined || exact.schema === null ? [] : [exact];
  const out: { schema: unknown; args: readonly unknown[] }[] = [];
  for (const endpoint of known.loose) {
    let matches = false;
    try {
      matches = endpoint.testKey(key);
    } catch {
      matches = false;
    }
    if (!matches) continue;
    // A schema-less endpoint matching the key: the result may be any JSON, so nothing can be checked.
    if (endpoint.schema === undefined || endpoint.schema === null) return [];
    if (!out.some((reading) => reading.schema === endpoint.schema)) out.push({ schema: endpoint.schema, args: [] });
  }
  return out;
}

const isEntityClass = (value: unknown): value is typeof Entity & { key: string; indexes?: readonly string[] } =>
  typeof value === 'function' && value.prototype instanceof Entity;

/** Entity classes reachable from a schema (members, collection items, union members, …). */
function entityClassesOf(schema: unknown, out: Set<unknown>, seen = new Set<unknown>(), depth = 0): void {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || seen.has(schema) || depth > 12) return;
  seen.add(schema);
  if (isEntityClass(schema)) {
    if (out.has(schema)) return;
    out.add(schema);
    entityClassesOf((schema as { schema?: unknown }).schema, out, seen, depth + 1);
    return;
  }
  if (typeof schema === 'function') return;
  for (const value of Object.values(schema as object)) entityClassesOf(value, out, seen, depth + 1);
}

// ---------------------------------------------------------------------------------------------
// The checker

/** Every invariant violation of the slice of `rest` in `rootState`, as readable lines (empty when all hold). */
export function checkInvariants(rest: RestLike, rootState: unknown, options: InvariantOptions = {}): string[] {
  const skip = new Set(options.skip ?? []);
  const out: string[] = [];
  const report = (kind: InvariantClass, message: string) => out.push(`[${kind}] ${message}`);
  const raw = own(rootState, rest.reducerPath);
  if (!isRecord(raw)) {
    report('shape', `no slice at state.${rest.reducerPath} (got ${show(raw)})`);
    return out;
  }

  // JSON (the raw slice, as the store holds it).
  if (!skip.has('json')) {
    const problems = jsonViolations(raw);
    for (const problem of problems) report('json', problem);
    if (problems.length === 0) {
      let copy: unknown;
      try {
        copy = JSON.parse(JSON.stringify(raw));
      } catch (error) {
        report('json', `JSON.stringify(slice) throws: ${(error as Error).message}`);
      }
      if (copy !== undefined) {
        const diff = jsonDiff(raw, copy);
        if (diff !== undefined) report('json', `the slice does not survive a JSON round trip: ${diff}`);
      }
    }
  }

  // Shape, on the logical layout (sharded tables through rest.devTools).
  const sanitizer = rest.devTools?.stateSanitizer;
  let slice: Record<string, unknown> = raw;
  if (sanitizer !== undefined) {
    try {
      const logical = own(sanitizer(rootState, 0), rest.reducerPath);
      if (isRecord(logical)) slice = logical;
    } catch (error) {
      report('shape', `rest.devTools.stateSanitizer throws: ${(error as Error).message}`);
    }
  }
  // The raw slice must have every table (the reducer completes a partial preloaded slice on the
  // store's first action); a sharded table is an object too (`{ "@@rtk-rest/table": 4, … }`, tables.ts).
  let shapeOk = true;
  for (const table of TABLES) {
    const value = own(raw, table);
    const ok = table === 'optimistic' ? Array.isArray(value) : table === 'lastReset' ? isFiniteNumber(value) : isRecord(value);
    if (!ok) {
      shapeOk = false;
      if (!skip.has('shape')) report('shape', `slice.${table} is ${show(value)}, expected ${table === 'optimistic' ? 'an array' : table === 'lastReset' ? 'a finite number' : 'an object'}`);
    }
  }
  for (const extra of Object.keys(raw)) {
    if (!(TABLES as readonly string[]).includes(extra) && !skip.has('shape')) report('shape', `slice has an unknown table ${JSON.stringify(extra)}`);
  }
  for (const table of TABLES) {
    const value = own(slice, table);
    if (shapeOk && (table === 'optimistic' ? !Array.isArray(value) : table === 'lastReset' ? !isFiniteNumber(value) : !isRecord(value))) {
      shapeOk = false;
      if (!skip.has('shape')) report('shape', `the logical slice (rest.devTools) has ${table} = ${show(value)}`);
    }
  }
  if (!shapeOk) return out;

  const entities = slice.entities as Record<string, Record<string, unknown>>;
  const entitiesMeta = slice.entitiesMeta as Record<string, Record<string, unknown>>;
  const indexes = slice.indexes as Record<string, Record<string, Record<string, unknown>>>;
  const endpoints = slice.endpoints as Record<string, unknown>;
  const meta = slice.meta as Record<string, unknown>;
  const optimistic = slice.optimistic as unknown[];

  if (!skip.has('shape')) {
    for (const [key, table] of Object.entries(entities)) {
      if (!isRecord(table)) {
        report('shape', `entities[${JSON.stringify(key)}] is ${show(table)}, expected an object of cells`);
        continue;
      }
      for (const [pk, cell] of Object.entries(table)) {
        if (cell !== null && typeof cell !== 'object') report('shape', `entities[${JSON.stringify(key)}][${JSON.stringify(pk)}] is ${show(cell)}, expected an object, an array (collection) or null (tombstone)`);
      }
    }
  }

  // Per-key meta.
  if (!skip.has('meta')) {
    for (const key of Object.keys(endpoints)) {
      if (!isRecord(own(meta, key))) report('meta', `result ${JSON.stringify(key)} has no meta[key]`);
    }
    for (const [key, value] of Object.entries(meta)) checkKeyMeta(key, value, hasOwn(endpoints, key), (message) => report('meta', message));
  }

  // Entity meta agrees with the entity tables (no partial write).
  if (!skip.has('entitiesMeta')) {
    for (const [key, table] of Object.entries(entities)) {
      if (!isRecord(table)) continue;
      const metas = own(entitiesMeta, key);
      for (const pk of Object.keys(table)) {
        const cellMeta = own(metas, pk);
        if (cellMeta === undefined) report('entitiesMeta', `entities[${JSON.stringify(key)}][${JSON.stringify(pk)}] has no entitiesMeta`);
        else checkEntityMeta(`entitiesMeta[${JSON.stringify(key)}][${JSON.stringify(pk)}]`, cellMeta, (message) => report('entitiesMeta', message));
      }
    }
    for (const [key, metas] of Object.entries(entitiesMeta)) {
      if (!isRecord(metas)) {
        report('entitiesMeta', `entitiesMeta[${JSON.stringify(key)}] is ${show(metas)}, expected an object`);
        continue;
      }
      for (const pk of Object.keys(metas)) {
        if (own(own(entities, key), pk) === undefined) report('entitiesMeta', `entitiesMeta[${JSON.stringify(key)}][${JSON.stringify(pk)}] has no entity cell`);
      }
    }
  }

  const controller = options.store !== undefined ? controllerOf(options.store, rest.reducerPath) : undefined;
  const known = collectEndpoints(options, controller);

  // Results reference existing cells (tombstones included).
  if (!skip.has('references')) {
    const memo = new MemoCache();
    for (const key of Object.keys(endpoints)) {
      // The result holds when one candidate reading finds every cell it depends on.
      let first: string[] | undefined;
      for (const reading of readingsOf(known, key)) {
        const problems: string[] = [];
        try {
          const paths = memo.denormalize(reading.schema, endpoints[key], entities as never, reading.args).paths;
          paths.forEach((path, i) => {
            const table = own(entities, path.key);
            if (isRecord(table) && hasOwn(table, path.pk)) return;
            if (options.allowDangling === true && i > 0) return;
            problems.push(`result ${JSON.stringify(key)} = ${show(endpoints[key])} references ${path.key} ${JSON.stringify(path.pk)}, which is neither stored nor a tombstone`);
          });
        } catch (error) {
          problems.push(`result ${JSON.stringify(key)} = ${show(endpoints[key])} cannot be read with its schema: ${(error as Error).message}`);
        }
        if (problems.length === 0) {
          first = undefined;
          break;
        }
        first ??= problems;
      }
      for (const problem of first ?? []) report('references', problem);
    }
  }

  // Indexes agree with entities.
  if (!skip.has('indexes')) {
    const classes = new Set<unknown>();
    for (const { schema } of known.exact.values()) entityClassesOf(schema, classes);
    for (const endpoint of known.loose) entityClassesOf(endpoint.schema, classes);
    for (const entity of options.entities ?? []) entityClassesOf(entity, classes);
    const fieldsByKey = new Map<string, Set<string>>();
    const addField = (key: string, field: string) => {
      let fields = fieldsByKey.get(key);
      if (fields === undefined) fieldsByKey.set(key, (fields = new Set()));
      fields.add(field);
    };
    for (const cls of classes) {
      if (!isEntityClass(cls)) continue;
      for (const field of cls.indexes ?? []) addField(cls.key, field);
    }
    for (const [key, fields] of Object.entries(indexes)) {
      if (!isRecord(fields)) {
        report('indexes', `indexes[${JSON.stringify(key)}] is ${show(fields)}, expected an object of fields`);
        continue;
      }
      for (const field of Object.keys(fields)) addField(key, field);
    }
    for (const [key, fields] of fieldsByKey) {
      const table = own(entities, key);
      for (const field of fields) {
        const index = own(own(indexes, key), field);
        if (index !== undefined && !isRecord(index)) {
          report('indexes', `indexes[${JSON.stringify(key)}][${JSON.stringify(field)}] is ${show(index)}, expected an object`);
          continue;
        }
        for (const [value, pk] of Object.entries(index ?? {})) {
          const where = `indexes[${JSON.stringify(key)}][${JSON.stringify(field)}][${JSON.stringify(value)}] = ${show(pk)}`;
          if (typeof pk !== 'string') {
            report('indexes', `${where} is not a pk string`);
            continue;
          }
          const cell = own(table, pk);
          if (cell === undefined) report('indexes', `${where} points at an entity that is not stored`);
          else if (cell === null) report('indexes', `${where} points at a tombstone`);
          else if (!isRecord(cell) || !hasOwn(cell, field) || cell[field] === null || cell[field] === undefined || String(cell[field]) !== value) {
            report('indexes', `${where} but that entity's ${field} is ${show(isRecord(cell) ? own(cell, field) : undefined)}`);
          }
        }
        if (!isRecord(table)) continue;
        for (const [pk, cell] of Object.entries(table)) {
          if (!isRecord(cell) || !hasOwn(cell, field)) continue;
          const value = cell[field];
          if (value === null || value === undefined) continue;
          const listed = own(index, String(value));
          if (listed === pk) continue;
          report(
            'indexes',
            listed === undefined
              ? `${key} ${JSON.stringify(pk)} has ${field} ${show(value)} but indexes[${JSON.stringify(key)}][${JSON.stringify(field)}] has no entry for it`
              : `${key} ${JSON.stringify(pk)} has ${field} ${show(value)} but the index lists ${show(listed)} for that value`,
          );
        }
      }
    }
  }

  // Optimistic layers and in-flight requests.
  if (!skip.has('optimistic')) {
    const ids = new Set<string>();
    let previousStart = -Infinity;
    optimistic.forEach((layer, i) => {
      const where = `optimistic[${i}]`;
      if (!isRecord(layer)) {
        report('optimistic', `${where} is ${show(layer)}, expected a layer object`);
        return;
      }
      const { requestId, key, endpoint, fetchedAt } = layer;
      if (typeof requestId !== 'string' || typeof key !== 'string' || typeof endpoint !== 'string' || !isFiniteNumber(fetchedAt)) {
        report('optimistic', `${where} lacks { requestId, key, endpoint, fetchedAt }: ${show(layer)}`);
        return;
      }
      if (ids.has(requestId)) report('optimistic', `${where}: request id ${requestId} has two layers`);
      ids.add(requestId);
      if (fetchedAt < previousStart) report('optimistic', `${where} (fetchedAt ${fetchedAt}) is not in start order`);
      previousStart = Math.max(previousStart, fetchedAt);
      const pending = own(own(meta, key), 'pending');
      if (!Array.isArray(pending) || !pending.includes(requestId)) {
        report('optimistic', `${where} (request ${requestId}, key ${JSON.stringify(key)}) has no request in flight: ${requestId} is not in meta[key].pending (${show(pending)})`);
      }
    });
    const inFlightIds = options.inFlightRequestIds === undefined ? undefined : new Set(options.inFlightRequestIds);
    const inFlightKeys = options.inFlightKeys === undefined ? undefined : new Set(options.inFlightKeys);
    const live = new Map<string, number>();
    if (controller !== undefined) for (const request of controller.active) live.set(request.key, (live.get(request.key) ?? 0) + 1);
    const pendingIds = new Map<string, string>();
    for (const [key, value] of Object.entries(meta)) {
      const pending = own(value, 'pending');
      if (!Array.isArray(pending)) continue;
      for (const id of pending) {
        const other = pendingIds.get(id);
        if (other !== undefined) report('optimistic', `request ${id} is pending under two keys, ${JSON.stringify(other)} and ${JSON.stringify(key)}`);
        pendingIds.set(id, key);
        if (inFlightIds !== undefined && !inFlightIds.has(id)) report('optimistic', `meta[${JSON.stringify(key)}].pending holds ${id}, which is not in flight`);
      }
      if (inFlightKeys !== undefined && pending.length > 0 && !inFlightKeys.has(key)) report('optimistic', `meta[${JSON.stringify(key)}].pending is ${show(pending)} but no request for that key is in flight`);
      if (controller !== undefined && pending.length > (live.get(key) ?? 0)) {
        report('optimistic', `meta[${JSON.stringify(key)}].pending holds ${pending.length} id(s) but the store has ${live.get(key) ?? 0} request(s) in flight for that key`);
      }
    }
    if (inFlightIds !== undefined) {
      for (const id of ids) if (!inFlightIds.has(id)) report('optimistic', `the layer of request ${id} outlives its request (not in flight)`);
    }
    if (inFlightKeys !== undefined) {
      for (const layer of optimistic) {
        if (isRecord(layer) && typeof layer.key === 'string' && !inFlightKeys.has(layer.key)) report('optimistic', `the layer for ${JSON.stringify(layer.key)} has no request in flight for that key`);
      }
    }
  }
  return out;
}

function checkEntityMeta(where: string, value: unknown, report: (message: string) => void): void {
  if (!isRecord(value)) {
    report(`${where} is ${show(value)}, expected { fetchedAt, date, expiresAt }`);
    return;
  }
  for (const field of ['fetchedAt', 'date', 'expiresAt'] as const) {
    if (!isFiniteNumber(value[field])) report(`${where}.${field} is ${show(value[field])}, expected a finite number`);
  }
  if (isFiniteNumber(value.expiresAt) && value.expiresAt > MAX_TIME) report(`${where}.expiresAt ${value.expiresAt} exceeds Number.MAX_SAFE_INTEGER`);
}

function checkKeyMeta(key: string, value: unknown, hasResult: boolean, report: (message: string) => void): void {
  const where = `meta[${JSON.stringify(key)}]`;
  if (!isRecord(value)) {
    report(`${where} is ${show(value)}, expected an object`);
    return;
  }
  for (const field of Object.keys(value)) {
    if (!META_FIELDS.has(field)) report(`${where} has the unknown field ${JSON.stringify(field)}`);
    else if (value[field] === undefined) report(`${where}.${field} is undefined (absent fields are omitted)`);
  }
  for (const field of ['fetchedAt', 'date', 'expiresAt'] as const) {
    if (hasOwn(value, field) && !isFiniteNumber(value[field])) report(`${where}.${field} is ${show(value[field])}, expected a finite number`);
  }
  if (isFiniteNumber(value.expiresAt) && value.expiresAt > MAX_TIME) report(`${where}.expiresAt ${value.expiresAt} exceeds Number.MAX_SAFE_INTEGER`);
  if (hasOwn(value, 'error')) {
    const error = value.error;
    if (!isRecord(error) || typeof error.name !== 'string' || typeof error.message !== 'string' || !isFiniteNumber(error.status) || (hasOwn(error, 'url') && typeof error.url !== 'string')) {
      report(`${where}.error is ${show(error)}, expected { name, message, status, url? }`);
    } else {
      for (const field of Object.keys(error)) if (!ERROR_FIELDS.has(field)) report(`${where}.error has the unknown field ${JSON.stringify(field)}`);
      const bodyChars = hasOwn(error, 'body') ? JSON.stringify(error.body)?.length ?? 0 : 0;
      if (bodyChars > MAX_ERROR_BODY_CHARS) report(`${where}.error.body takes ${bodyChars} characters of JSON, over the cap of ${MAX_ERROR_BODY_CHARS}`);
    }
  }
  if (hasOwn(value, 'errorPolicy')) {
    if (value.errorPolicy !== 'soft') report(`${where}.errorPolicy is ${show(value.errorPolicy)}, expected 'soft'`);
    if (!hasOwn(value, 'error')) report(`${where}.errorPolicy is set without an error`);
  }
  if (hasOwn(value, 'invalidated')) {
    if (value.invalidated !== true) report(`${where}.invalidated is ${show(value.invalidated)}, expected true`);
    if (hasResult) report(`${where} is invalidated but endpoints[key] still holds a result`);
  }
  if (hasOwn(value, 'pending')) {
    const pending = value.pending;
    if (!Array.isArray(pending) || pending.length === 0 || pending.some((id) => typeof id !== 'string')) {
      report(`${where}.pending is ${show(pending)}, expected a non-empty array of request ids`);
    } else if (new Set(pending).size !== pending.length) {
      report(`${where}.pending repeats a request id: ${show(pending)}`);
    }
  }
}

/** Throws an Error listing every violation (what `checkInvariants` returns), or does nothing. */
export function expectInvariants(rest: RestLike, rootState: unknown, options?: InvariantOptions): void {
  const violations = checkInvariants(rest, rootState, options);
  if (violations.length > 0) {
    throw new Error(`store invariants violated (${violations.length}):\n  ${violations.join('\n  ')}`);
  }
}
