import { isCollection, ObjectSchema } from '../schema';
import type { CollectionSchema } from '../schema';
import { deriveEndpoint, splitArgs } from './RestEndpoint';
import type { RestEndpoint } from './RestEndpoint';
import type { StoreEndpoint } from './types';

const cache = new WeakMap<RestEndpoint, Map<string, RestEndpoint | undefined>>();

/**
 * The collection the extenders work on (see docs/concepts.md#resources): the schema itself when it is a Collection;
 * for a plain-object or `schema.Object` schema, the first Collection found depth-first in key
 * order. Arrays, Values, Unions and other schemas are not searched.
 */
export function findCollection(schema: unknown): CollectionSchema<any> | undefined {
  if (isCollection(schema)) return schema;
  const members =
    schema instanceof ObjectSchema ? schema.schema : isPlainObject(schema) ? (schema as Record<string, unknown>) : undefined;
  if (members === undefined) return undefined;
  for (const key of Object.keys(members)) {
    const found = findCollection(members[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `schema` with `collection` replaced by `replacement` (same place, same object shape). */
function replaceCollection(schema: unknown, collection: CollectionSchema<any>, replacement: unknown): unknown {
  if (schema === collection) return replacement;
  if (schema instanceof ObjectSchema) return new ObjectSchema(replaceMembers(schema.schema, collection, replacement));
  if (isPlainObject(schema)) return replaceMembers(schema as Record<string, unknown>, collection, replacement);
  return schema;
}

function replaceMembers(members: Record<string, unknown>, collection: CollectionSchema<any>, replacement: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(members)) out[key] = replaceCollection(members[key], collection, replacement);
  return out;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** One endpoint per extender and endpoint (see docs/concepts.md#resources: `ep.push === ep.push`). */
function memo(endpoint: RestEndpoint, name: string, make: () => RestEndpoint | undefined): RestEndpoint | undefined {
  let byName = cache.get(endpoint);
  if (byName === undefined) cache.set(endpoint, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, make());
  return byName.get(name);
}

/** push / unshift / assign: a POST with the collection's creation schema that always takes a body. */
export function creation(endpoint: RestEndpoint, mode: 'push' | 'unshift' | 'assign'): RestEndpoint | undefined {
  return memo(endpoint, mode, () => {
    const collection = findCollection(endpoint.schema);
    if (collection === undefined || (mode === 'assign') !== collection.isValues) return undefined;
    const options: Record<string, unknown> = { method: 'POST', schema: collection[mode], name: `${endpoint.name}.${mode}` };
    const derived = deriveEndpoint(endpoint, options, { forceBody: true });
    return derived;
  });
}

/**
 * The page endpoint (see docs/concepts.md#resources): same method and URL (the cursor stays a query parameter),
 * the list's key, and a schema whose collection appends the page to the list's collection.
 */
export function paginate(endpoint: RestEndpoint, cursor: string | ((...args: any[]) => unknown[])): RestEndpoint {
  const collection = findCollection(endpoint.schema);
  if (collection === undefined) throw new Error(`${endpoint.name}: paginated() needs a Collection in the schema`);
  const removeCursor =
    typeof cursor === 'function'
      ? cursor
      : (params: Record<string, unknown> = {}, ...rest: unknown[]) => {
          const { [cursor]: _removed, ...others } = params;
          return [others, ...rest];
        };
  const pages = collection.pages((...args: any[]) => collection.argsKey(...removeCursor(...args)));
  const list = endpoint;
  return deriveEndpoint(endpoint, {
    schema: replaceCollection(endpoint.schema, collection, pages),
    name: `${endpoint.name}.getPage`,
    key(this: RestEndpoint, ...args: any[]) {
      return list.key(...removeCursor(...args));
    },
    listArgs: removeCursor,
    listEndpoint: list,
    ...(typeof cursor === 'string' ? { pageField: cursor } : {}),
  });
}

/** The parameter of a Link page request that holds the `Link` header's next URL. */
export const NEXT_URL = '@next';

/**
 * The page endpoint of Link pagination: a page of `endpoint`'s list whose URL is the
 * `rel="next"` URL of the `Link` header, exactly as the server sent it (GitHub's has another path
 * than the first request's), given as `{ ...listParams, '@next': url }`. Memoized per list.
 */
export function linkPageEndpoint(endpoint: RestEndpoint): RestEndpoint | undefined {
  return memo(endpoint, 'linkPage', () => {
    if (findCollection(endpoint.schema) === undefined) return undefined;
    const removeUrl = (params: Record<string, unknown> = {}) => {
      const { [NEXT_URL]: _url, ...others } = params;
      return Object.keys(others).length === 0 ? [] : [others];
    };
    return deriveEndpoint(paginate(endpoint, removeUrl), {
      url: (params: Record<string, unknown> = {}) => String(params[NEXT_URL]),
    });
  });
}

/** A page request as the store sees it: the list it extends, and its own key. */
export interface PageRequest {
  /** The list endpoint the page appends to. */
  readonly list: RestEndpoint;
  /** The list's arguments: the page's without the cursor (`removeCursor`). */
  readonly listArgs: readonly unknown[];
  /**
   * The page request's own key, `${method} ${url}` with the cursor (see docs/concepts.md#resources): requests for it are
   * de-duplicated by it, and its pending id and error are kept under it, so that a failed page
   * leaves the list alone. Its `key()` stays the list's key (see docs/concepts.md#resources).
   */
  readonly pageKey: string;
  /** The cursor of a `paginationField` page (e.g. the page number), kept with the list's meta so the next page can follow it. */
  readonly cursor?: string | number;
}

/** `endpoint` as a page request when it is a page endpoint (`getPage`, `paginated()`), else undefined. */
export function pageRequestOf(store: StoreEndpoint, args: readonly unknown[]): PageRequest | undefined {
  const endpoint = store as RestEndpoint;
  const { listArgs, listEndpoint, pageField } = endpoint as unknown as { listArgs?: unknown; listEndpoint?: RestEndpoint; pageField?: string };
  if (typeof listArgs !== 'function' || listEndpoint === undefined) return undefined;
  const { urlParams } = splitArgs(endpoint, args);
  const cursor = pageField === undefined ? undefined : (urlParams as Record<string, unknown> | undefined)?.[pageField];
  return {
    list: listEndpoint,
    listArgs: (listArgs as (...args: unknown[]) => unknown[])(...args),
    pageKey: `${endpoint.method} ${endpoint.url(urlParams)}`,
    ...(typeof cursor === 'string' || typeof cursor === 'number' ? { cursor } : {}),
  };
}

/** `endpoint.getPage`: the page endpoint for `paginationField`, memoized (see docs/concepts.md#resources). */
export function pageEndpoint(endpoint: RestEndpoint): RestEndpoint | undefined {
  return memo(endpoint, 'getPage', () =>
    endpoint.paginationField && findCollection(endpoint.schema) ? paginate(endpoint, endpoint.paginationField) : undefined,
  );
}

/** `endpoint.paginated(cursor)`: memoized for a field name (see docs/concepts.md#resources). */
export function paginatedEndpoint(endpoint: RestEndpoint, cursor: string | ((...args: any[]) => unknown[])): RestEndpoint {
  return typeof cursor === 'string' ? memo(endpoint, `paginated:${cursor}`, () => paginate(endpoint, cursor))! : paginate(endpoint, cursor);
}
