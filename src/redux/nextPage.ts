import { linkPageEndpoint, NEXT_URL, pageRequestOf } from '../rest';
import type { RestEndpoint } from '../rest';
import { sliceOf } from './context';
import { tableGet } from './tables';
import type { KeyMeta, StoredError } from './types';

/** A list's next page: the request that appends it (a page endpoint and its arguments) and that request's own key. */
export interface NextPage {
  readonly endpoint: RestEndpoint;
  readonly args: unknown[];
  /** The page request's key (its URL): its pending id and error are kept there (issue 16.4). */
  readonly pageKey: string;
  /** How the next page was found; page numbers end with the first page that adds nothing. */
  readonly mode: 'link' | 'cursor' | 'page';
}

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * Where the list's next page is, from what the store holds for the list key (issue 18.3), or
 * `undefined` when there is none (yet). In order:
 * 1. the last answer's `Link` header (kept in the key's meta as `links`): `rel="next"`, followed
 *    exactly; an answer with a Link header but no `next` ends the list;
 * 2. the list's `next` field (`{ results, next }`): a cursor for `paginationField`, or an absolute
 *    URL followed as given; `null`, `undefined` or `''` ends the list;
 * 3. page numbers with `paginationField`: the page after the last one appended (the list is page 1).
 */
export function nextPageOf(reducerPath: string, state: unknown, list: RestEndpoint, args: readonly unknown[], key: string): NextPage | undefined {
  const slice = sliceOf(state, reducerPath);
  const meta = tableGet(slice.meta, key);
  const result: unknown = tableGet(slice.endpoints, key);
  if (meta === undefined || result === undefined || result === null || meta.invalidated) return undefined;
  // Hooks ask on every dispatch: the answer only changes with the key's meta or result objects.
  const known = lastAnswers.get(meta);
  if (known !== undefined && known.result === result && known.list === list) return known.next;
  const next = findNextPage(list, args, meta, result);
  lastAnswers.set(meta, { result, list, next });
  return next;
}

/** The page request's own state: in flight (its pending ids) and its stored error (issue 16.4). */
export function pageStateOf(reducerPath: string, state: unknown, pageKey: string): { fetching: boolean; error: StoredError | undefined } {
  const meta = tableGet(sliceOf(state, reducerPath).meta, pageKey);
  return { fetching: (meta?.pending?.length ?? 0) > 0, error: meta?.error };
}

const lastAnswers = new WeakMap<KeyMeta, { result: unknown; list: RestEndpoint; next: NextPage | undefined }>();

function findNextPage(list: RestEndpoint, args: readonly unknown[], meta: KeyMeta, result: object): NextPage | undefined {
  const params = (args[0] ?? {}) as Record<string, unknown>;
  if (meta.links !== undefined) return meta.links.next === undefined ? undefined : linkPage(list, params, meta.links.next);
  if (typeof result === 'object' && !Array.isArray(result) && 'next' in result) {
    const next = (result as { next: unknown }).next;
    if (next === null || next === undefined || next === '') return undefined;
    if (typeof next === 'string' && ABSOLUTE_URL.test(next)) return linkPage(list, params, next);
    return page(list.getPage, { ...params, [list.paginationField!]: next }, 'cursor');
  }
  const last = meta.cursor === undefined ? 1 : Number(meta.cursor);
  return Number.isInteger(last) ? page(list.getPage, { ...params, [list.paginationField!]: last + 1 }, 'page') : undefined;
}

function linkPage(list: RestEndpoint, params: Record<string, unknown>, url: string): NextPage | undefined {
  return page(linkPageEndpoint(list), { ...params, [NEXT_URL]: url }, 'link');
}

function page(endpoint: RestEndpoint | undefined, params: Record<string, unknown>, mode: NextPage['mode']): NextPage | undefined {
  if (endpoint === undefined) return undefined;
  const args = [params];
  return { endpoint, args, pageKey: pageRequestOf(endpoint, args)!.pageKey, mode };
}
