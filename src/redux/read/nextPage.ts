import { linkPageEndpoint, NEXT_URL, PAGE_NUMBER_FIELD, pageRequestOf, pageStepsOf } from '../../rest';
import type { GetNextPageParam, PageSteps, RestEndpoint } from '../../rest';
import { sliceOf } from '../instance/context';
import type { Tables } from '../store/tables';
import type { KeyMeta, StoredError } from '../types';

/** A list's next page: the request that appends it (a page endpoint and its arguments) and that request's own key. */
export interface NextPage {
  readonly endpoint: RestEndpoint;
  readonly args: unknown[];
  /** The page request's key (its URL): its pending id and error are kept there. */
  readonly pageKey: string;
  /** How the next page was found; page numbers and offsets end with the first page that adds nothing. */
  readonly mode: 'link' | 'cursor' | 'page';
  /** Numbered pages: the rule's steps, for the development checks of what each page adds. */
  readonly steps?: PageSteps;
  /** The next page's `paginationField` value, for messages. */
  readonly param?: unknown;
}

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * Where the list's next page is, from what the store holds for the list key, or
 * `undefined` when there is none (yet). In order:
 * 0. the list's `getNextPageParam`, when given: its value for `paginationField` (nullish ends it);
 * 1. the last answer's `Link` header (kept in the key's meta as `links`): `rel="next"`, followed
 *    exactly; an answer with a Link header but no `next` ends the list;
 * 2. the list's `next` field (`{ results, next }`): a cursor for `paginationField`, or an absolute
 *    URL followed as given; `null`, `undefined` or `''` ends the list;
 * 3. page numbers from 1, only for a `paginationField` named as one (`page`): any other name (an
 *    offset, a cursor) is not guessed, and development says how to say it.
 */
export function nextPageOf(tables: Tables, reducerPath: string, state: unknown, list: RestEndpoint, args: readonly unknown[], key: string): NextPage | undefined {
  const slice = sliceOf(state, reducerPath);
  const meta = tables.get(slice.meta, key);
  const result: unknown = tables.get(slice.endpoints, key);
  if (meta === undefined || result === undefined || result === null || meta.invalidated) return undefined;
  // Hooks ask on every dispatch: the answer only changes with the key's meta or result objects.
  const known = lastAnswers.get(meta);
  if (known !== undefined && known.result === result && known.list === list) return known.next;
  const next = findNextPage(list, args, meta, result);
  lastAnswers.set(meta, { result, list, next });
  return next;
}

/** The page request's own state: in flight (its pending ids) and its stored error. */
export function pageStateOf(tables: Tables, reducerPath: string, state: unknown, pageKey: string): { fetching: boolean; error: StoredError | undefined } {
  const meta = tables.get(sliceOf(state, reducerPath).meta, pageKey);
  return { fetching: (meta?.pending?.length ?? 0) > 0, error: meta?.error };
}

const lastAnswers = new WeakMap<KeyMeta, { result: unknown; list: RestEndpoint; next: NextPage | undefined }>();

function findNextPage(list: RestEndpoint, args: readonly unknown[], meta: KeyMeta, result: object): NextPage | undefined {
  const params = (args[0] ?? {}) as Record<string, unknown>;
  const rule = list.getNextPageParam;
  if (typeof rule === 'function') return fromRule(list, params, rule, meta, result);
  if (meta.links !== undefined) return meta.links.next === undefined ? undefined : linkPage(list, params, meta.links.next);
  if (typeof result === 'object' && !Array.isArray(result) && 'next' in result) {
    const next = (result as { next: unknown }).next;
    if (next === null || next === undefined || next === '') return undefined;
    if (typeof next === 'string' && ABSOLUTE_URL.test(next)) return linkPage(list, params, next);
    return page(list.getPage, { ...params, [list.paginationField!]: next }, 'cursor', undefined, list.paginationField);
  }
  const field = list.paginationField;
  if (field === undefined) return undefined;
  if (!PAGE_NUMBER_FIELD.test(field)) {
    if (process.env.NODE_ENV !== 'production') warnUnguessable(list, field, result);
    return undefined;
  }
  const last = meta.cursor === undefined ? 1 : Number(meta.cursor);
  return Number.isInteger(last) ? page(list.getPage, { ...params, [field]: last + 1 }, 'page', { kind: 'page', step: 1 }, field) : undefined;
}

function fromRule(list: RestEndpoint, params: Record<string, unknown>, rule: GetNextPageParam, meta: KeyMeta, result: object): NextPage | undefined {
  const next = rule(result, meta.cursor, params);
  if (next === null || next === undefined) return undefined;
  const steps = pageStepsOf(rule);
  return page(list.getPage, { ...params, [list.paginationField!]: next }, steps === undefined ? 'cursor' : 'page', steps, list.paginationField);
}

const warnedLists = new WeakSet<RestEndpoint>();

/** Dev only, once per list: a next page that cannot be told apart (an offset, a cursor under another name) is not guessed. */
function warnUnguessable(list: RestEndpoint, field: string, result: object): void {
  if (warnedLists.has(list)) return;
  warnedLists.add(list);
  const cursorField = Array.isArray(result) ? undefined : Object.keys(result).find((name) => /^next|cursor/i.test(name));
  const hint = cursorField !== undefined ? `getNextPageParam: (lastPage) => lastPage.${cursorField}` : /offset|skip|start/i.test(field) ? 'getNextPageParam: nextOffset(pageSize)' : 'getNextPageParam: nextPageNumber(0) for 0-based pages, nextOffset(pageSize) for offsets, or (lastPage, lastPageParam, params) => the next value';
  console.warn(
    `[rtk-rest] usePaginated(${list.name}): cannot tell how to find the next page: the answer has no Link header and no \`next\` field, and paginationField "${field}" is not a page number from 1, so no next page is requested. Say how it is found on the list endpoint: ${hint}.`,
  );
}

function linkPage(list: RestEndpoint, params: Record<string, unknown>, url: string): NextPage | undefined {
  return page(linkPageEndpoint(list), { ...params, [NEXT_URL]: url }, 'link');
}

function page(endpoint: RestEndpoint | undefined, params: Record<string, unknown>, mode: NextPage['mode'], steps?: PageSteps, paginationField?: string): NextPage | undefined {
  if (endpoint === undefined) return undefined;
  const args = [params];
  const param = paginationField === undefined ? undefined : params[paginationField];
  return { endpoint, args, pageKey: pageRequestOf(endpoint, args)!.pageKey, mode, ...(steps === undefined ? {} : { steps }), param };
}
