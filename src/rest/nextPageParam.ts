/**
 * How `usePaginated` finds a list's next page parameter (the value of `paginationField`), as
 * RTK Query's `getNextPageParam`: from the list's stored answer (`lastPage`; for an object list
 * such as `{ results, nextId }`, its fields other than the collection are the last page's), the
 * last page's parameter (`undefined` for the list's own request, the first page) and the list's
 * parameters. `undefined` or `null`: there is no next page.
 *
 * @example
 * const getFeed = new RestEndpoint({
 *   path: '/feed',
 *   schema: { results: new schema.Collection([Post]), nextId: 0 as number | null },
 *   paginationField: 'after',
 *   getNextPageParam: (lastPage: { nextId: number | null }) => lastPage.nextId,
 * });
 */
export type GetNextPageParam = (lastPage: any, lastPageParam: any, params: any) => string | number | null | undefined;

/** A numbered rule (`nextPageNumber`, `nextOffset`): the list ends with the first page that adds nothing. */
export interface PageSteps {
  readonly kind: 'page' | 'offset';
  readonly step: number;
}

const steps = new WeakMap<GetNextPageParam, PageSteps>();

/** Page numbers counted from `first` (the list's own request): `nextPageNumber(0)` for 0-based APIs. @default first 1 */
export function nextPageNumber(first = 1): GetNextPageParam {
  if (!Number.isInteger(first)) throw new RangeError(`[rtk-rest] nextPageNumber(first): first must be an integer page number, got ${String(first)}.`);
  const rule: GetNextPageParam = (_lastPage, last) => (last === undefined ? first : Number(last)) + 1;
  steps.set(rule, { kind: 'page', step: 1 });
  return rule;
}

/** Offsets in steps of `limit` (the page size the server sends): `offset=limit`, `2×limit`, … after the list (offset 0). */
export function nextOffset(limit: number): GetNextPageParam {
  if (!Number.isInteger(limit) || limit <= 0) throw new RangeError(`[rtk-rest] nextOffset(limit): limit must be the page size, an integer > 0, got ${String(limit)}.`);
  const rule: GetNextPageParam = (_lastPage, last) => (last === undefined ? 0 : Number(last)) + limit;
  steps.set(rule, { kind: 'offset', step: limit });
  return rule;
}

/** The steps of a numbered rule, `undefined` for a function of your own (a cursor). */
export function pageStepsOf(rule: GetNextPageParam): PageSteps | undefined {
  return steps.get(rule);
}

/** `paginationField` names that can only mean page numbers from 1: the one case guessed without `getNextPageParam`. */
export const PAGE_NUMBER_FIELD = /^(page|pageNumber|page_number)$/;
