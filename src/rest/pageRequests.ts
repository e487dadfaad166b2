import { deriveEndpoint, splitArgs } from './RestEndpoint';
import type { RestEndpoint } from './RestEndpoint';
import { linkPageEndpoint as linkPageOf } from './extenders';
import type { StoreEndpoint } from './types';

// Page requests as the store sees them. They build on both RestEndpoint.ts (deriving and
// splitting arguments) and extenders.ts (page endpoints), so they live above both.

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

/**
 * The page endpoint of Link pagination: a page of `endpoint`'s list whose URL is the
 * `rel="next"` URL of the `Link` header, exactly as the server sent it, given as
 * `{ ...listParams, '@next': url }`. Memoized per list.
 */
export function linkPageEndpoint(endpoint: RestEndpoint): RestEndpoint | undefined {
  return linkPageOf(endpoint, deriveEndpoint);
}
