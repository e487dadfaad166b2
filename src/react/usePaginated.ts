import { useCallback, useMemo, useRef, useState } from 'react';
import { findCollection } from '../rest';
import type { RestEndpoint } from '../rest';
import { nextPageOf, pageStateOf, rebuildError } from '../redux';
import type { NextPage } from '../redux';
import type { Binding } from './binding';
import type { FetchingRead, Request } from './hooks';
import { useRefetch, useTrackedAnswer } from './tracked';
import type { RestHooks } from './types';
import { selectDLE, useShownRequest } from './useDLE';

const noop = () => undefined;

/**
 * `usePaginated` over a `useFetchingRead`: `useDLE` of the list, plus its next page
 * as the store knows it (`nextPageOf`: a `Link` header's `rel="next"`, the list's `next` cursor, or
 * the next page number). A factory in its own file so an app that does not page bundles none of it.
 */
export function paginatedHook(useFetchingRead: (endpoint: RestEndpoint, args: unknown[], hook: string) => FetchingRead): RestHooks['usePaginated'] {
  return function usePaginated(endpoint: RestEndpoint, ...args: unknown[]): any {
    if (process.env.NODE_ENV !== 'production') checkList(endpoint, args);
    const { binding, request } = useFetchingRead(endpoint, args, 'usePaginated');
    const refetch = useRefetch(binding, request, endpoint, args);
    // Page numbers have no end marker: the page key after the first page that added nothing.
    const [endedAt, setEndedAt] = useState<string>();
    const fetchNextPage = useFetchNextPage(binding, request, endedAt, setEndedAt);
    const extra = useMemo(() => ({ refetch, fetchNextPage }), [refetch, fetchNextPage]);
    const shown = useShownRequest();
    return useTrackedAnswer((state) => {
      const list = selectDLE(binding, request, state, shown);
      const { reducerPath } = binding.rest;
      const { tables } = binding.runtime;
      const next = request === undefined ? undefined : nextPageOf(tables, reducerPath, state, request.endpoint, request.args, request.key);
      if (next === undefined) return { ...list, hasNextPage: false, isFetchingNextPage: false, nextPageError: undefined };
      const page = pageStateOf(tables, reducerPath, state, next.pageKey);
      const nextPageError = page.error === undefined ? undefined : rebuildError(page.error);
      // As RTK Query's infinite queries: a failed next page is also the list's `error`, and its
      // status `'rejected'`, while `data` keeps the pages loaded (the list's own error comes first).
      const failed = nextPageError !== undefined && list.error === undefined && !page.fetching && list.status === 'fulfilled';
      return {
        ...list,
        ...(failed ? { error: nextPageError, status: 'rejected' as const } : {}),
        hasNextPage: next.pageKey !== endedAt,
        isFetchingNextPage: page.fetching,
        nextPageError,
      };
    }, extra);
  } as RestHooks['usePaginated'];
}

/**
 * `fetchNextPage()`: `rest.fetch` of the next page as the store knows it when called (a second call
 * while it is in flight joins it); resolves to the merged list, or `undefined` when there is no
 * next page. Its rejection is marked handled: the error is shown in `nextPageError`.
 */
function useFetchNextPage({ store, rest, runtime }: Binding, request: Request | undefined, endedAt: string | undefined, setEndedAt: (pageKey: string) => void) {
  // Read when called, so that fetchNextPage keeps its identity.
  const ended = useRef(endedAt);
  ended.current = endedAt;
  // Dev only: the items the last appended page had, for the checks of the next one.
  const lastPage = useRef<{ key: string; items: number }>(undefined);
  return useCallback((): Promise<unknown> => {
    const next = request === undefined ? undefined : nextPageOf(runtime.tables, rest.reducerPath, store.getState(), request.endpoint, request.args, request.key);
    if (request === undefined || next === undefined || next.pageKey === ended.current) return Promise.resolve(undefined);
    const before = itemCount(rest.selectData(store.getState(), request.endpoint, ...request.args));
    const counted = process.env.NODE_ENV !== 'production' ? countingPage(next.endpoint) : undefined;
    const promise = store.dispatch(rest.fetch(counted?.endpoint ?? next.endpoint, ...next.args)) as Promise<unknown>;
    promise.then((list) => {
      const added = itemCount(list) - before;
      if (counted !== undefined && counted.items !== undefined) {
        const previous = lastPage.current?.key === request.key ? lastPage.current.items : before;
        checkPage(request.endpoint, next, counted.items, added, previous);
        lastPage.current = { key: request.key, items: counted.items };
      }
      if (next.mode !== 'page' || added !== 0) return;
      const after: NextPage | undefined = nextPageOf(runtime.tables, rest.reducerPath, store.getState(), request.endpoint, request.args, request.key);
      if (after !== undefined) setEndedAt(after.pageKey);
    }, noop);
    return promise;
  }, [store, rest, runtime, request, setEndedAt]);
}

/** Dev only: the page endpoint seen through a `process` that counts the items of the page's own answer. */
function countingPage(endpoint: RestEndpoint): { endpoint: RestEndpoint; items?: number } {
  const counted: { endpoint: RestEndpoint; items?: number } = { endpoint };
  counted.endpoint = Object.create(endpoint, {
    process: {
      value(this: RestEndpoint, value: unknown, ...args: unknown[]) {
        const processed = endpoint.process.call(this, value, ...args);
        counted.items = itemCount(processed);
        return processed;
      },
    },
  }) as RestEndpoint;
  return counted;
}

/**
 * Dev only: a next page found by the wrong rule shows in what it adds. A page whose items were
 * already in the list repeats them (offsets in steps of 1, 1-based pages read as 0-based); with
 * offsets, a page that had fewer items than the step, followed by more, stepped over the rest.
 */
function checkPage(list: RestEndpoint, next: NextPage, items: number, added: number, previous: number): void {
  const page = next.pageKey.slice(next.pageKey.indexOf(' ') + 1);
  const fix = 'Say how the next page is found with the list\'s getNextPageParam: nextPageNumber(0) for 0-based pages, nextOffset(pageSize) for offsets, or a function of the last page.';
  if (items > 0 && added < items) {
    console.warn(`[rtk-rest] usePaginated(${list.name}): the page ${page} repeats ${items - added} of its ${items} items already in the list, so its parameter is likely not the next page's. ${fix}`);
  } else if (next.steps?.kind === 'offset' && added > 0 && previous > 0 && previous < next.steps.step) {
    console.warn(`[rtk-rest] usePaginated(${list.name}): the page ${page} skips ${next.steps.step - previous} items: the page before it had ${previous} items, the offset step is ${next.steps.step}. Give nextOffset the page size the server sends.`);
  }
}

/** The number of items of a list: an array's length, or that of the first array field of an object (`{ results, next }`). */
function itemCount(list: unknown): number {
  if (Array.isArray(list)) return list.length;
  if (typeof list !== 'object' || list === null) return 0;
  for (const value of Object.values(list)) if (Array.isArray(value)) return value.length;
  return 0;
}

const warnedPageArgs = new WeakSet<object>();

/**
 * Dev only: a list without a Collection has nothing to append pages to. A list whose arguments
 * hold its `paginationField` is a page of its own (its key holds the page), while pages are
 * appended to the list without the field: they would not show in it (warned once per endpoint).
 */
function checkList(endpoint: RestEndpoint, args: readonly unknown[]): void {
  const name = typeof endpoint === 'function' ? endpoint.name : String(endpoint);
  if (typeof endpoint !== 'function' || findCollection(endpoint.schema) === undefined) {
    throw new TypeError(
      `[rtk-rest] usePaginated(${name}): the list's schema has no Collection to append the next pages to. Declare the list with a Collection, e.g. schema: new schema.Collection([Post]) or { results: new schema.Collection([Post]), next: '' }.`,
    );
  }
  const field = endpoint.paginationField;
  const params = args[0];
  if (field === undefined || typeof params !== 'object' || params === null || !Object.prototype.hasOwnProperty.call(params, field) || warnedPageArgs.has(endpoint)) return;
  warnedPageArgs.add(endpoint);
  console.warn(
    `[rtk-rest] usePaginated(${name}): its arguments hold "${field}", the list's paginationField. The next pages are appended to the list without "${field}", so this list would not show them. Leave "${field}" out: usePaginated starts at the first page and asks for the next ones.`,
  );
}
