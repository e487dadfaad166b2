import { isCollection, ObjectSchema } from '../schema';
import type { CollectionSchema } from '../schema';
import type { RestEndpoint } from './RestEndpoint';

/**
 * Builds an endpoint of `endpoint`'s class with `options` merged over its configuration
 * (RestEndpoint.ts's `deriveEndpoint`). The extenders take it as an argument: RestEndpoint.ts
 * defines the getters that call them, so importing it back would make a runtime import cycle.
 */
export type Derive = (endpoint: RestEndpoint, options: Record<string, unknown>, how?: { forceBody?: boolean }) => RestEndpoint;

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
export function creation(endpoint: RestEndpoint, mode: 'push' | 'unshift' | 'assign', derive: Derive): RestEndpoint | undefined {
  return memo(endpoint, mode, () => {
    const collection = findCollection(endpoint.schema);
    if (collection === undefined || (mode === 'assign') !== collection.isValues) return undefined;
    const options: Record<string, unknown> = { method: 'POST', schema: collection[mode], name: `${endpoint.name}.${mode}` };
    return derive(endpoint, options, { forceBody: true });
  });
}

/**
 * The page endpoint (see docs/concepts.md#resources): same method and URL (the cursor stays a query parameter),
 * the list's key, and a schema whose collection appends the page to the list's collection.
 */
function paginate(endpoint: RestEndpoint, cursor: string | ((...args: any[]) => unknown[]), derive: Derive): RestEndpoint {
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
  return derive(endpoint, {
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
export function linkPageEndpoint(endpoint: RestEndpoint, derive: Derive): RestEndpoint | undefined {
  return memo(endpoint, 'linkPage', () => {
    if (findCollection(endpoint.schema) === undefined) return undefined;
    const removeUrl = (params: Record<string, unknown> = {}) => {
      const { [NEXT_URL]: _url, ...others } = params;
      return Object.keys(others).length === 0 ? [] : [others];
    };
    return derive(paginate(endpoint, removeUrl, derive), {
      url: (params: Record<string, unknown> = {}) => String(params[NEXT_URL]),
    });
  });
}

/** `endpoint.getPage`: the page endpoint for `paginationField`, memoized (see docs/concepts.md#resources). */
export function pageEndpoint(endpoint: RestEndpoint, derive: Derive): RestEndpoint | undefined {
  return memo(endpoint, 'getPage', () =>
    endpoint.paginationField && findCollection(endpoint.schema) ? paginate(endpoint, endpoint.paginationField, derive) : undefined,
  );
}

/** `endpoint.paginated(cursor)`: memoized for a field name (see docs/concepts.md#resources). */
export function paginatedEndpoint(endpoint: RestEndpoint, cursor: string | ((...args: any[]) => unknown[]), derive: Derive): RestEndpoint {
  return typeof cursor === 'string' ? memo(endpoint, `paginated:${cursor}`, () => paginate(endpoint, cursor, derive))! : paginate(endpoint, cursor, derive);
}
