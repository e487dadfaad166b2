import { pageRequestOf } from '../../rest';
import type { StoreEndpoint } from '../../rest';
import { ResetError } from './errors';
import type { Settlement } from './settlement';

/** One request of this store, from its start until its outcome is dispatched; its waiters wait on its settlement. */
export interface InFlight extends Settlement {
  readonly dedupeKey: string;
  readonly key: string;
  readonly fetchedAt: number;
  /** The `fetchedAt` its entities are merged with (`mergeOrder`): its start, or just before a mutation it overlapped. */
  readonly mergeAt: number;
  readonly read: boolean;
  /** Errors of polls are stored soft (see docs/concepts.md#errors-and-errorpolicy). */
  readonly poll: boolean;
  discarded: boolean;
  /** The key was invalidated while this request was in flight (see docs/internals.md#merge-order). */
  invalidated?: boolean;
  /** Aborts the network request when a reset discards it (see docs/concepts.md#the-store), or when its last `useCancelling` leaves. */
  readonly abort: AbortController;
  /** A consumer that never cancels (`rest.fetch`, a poll, a non-cancelling hook) started or joined it: it is never aborted for leaving consumers. */
  held: boolean;
  /** The mounted `useCancelling` hooks waiting for it. */
  cancellers: number;
}

/**
 * The requests in flight of one store (see docs/internals.md#the-fetch-lifecycle, docs/concepts.md#resources): data only, shared by the fetch
 * lifecycle (which adds and releases them), GC (which retains their keys) and reset (which drops
 * them). Never in the state: promises and abort controllers are not JSON.
 */
export class InFlightRequests {
  /** Reads in flight by de-duplication key (see docs/internals.md#the-fetch-lifecycle, docs/concepts.md#resources). */
  readonly reads = new Map<string, InFlight>();
  readonly active = new Set<InFlight>();

  /** The de-duplication key of a read: its key, or for a page its URL (see docs/concepts.md#resources). */
  dedupeKey(endpoint: StoreEndpoint, args: readonly unknown[], key: string): string {
    return pageRequestOf(endpoint, args)?.pageKey ?? key;
  }

  /**
   * The read in flight for the key in this store, if any: its settlement, or with `answer` the
   * promise of a caller that reads its value (`useFetch`, `rest.fetchIfStale`).
   */
  inFlight(endpoint: StoreEndpoint, args: readonly unknown[], key: string, answer = false): Promise<unknown> | undefined {
    const request = this.reads.get(this.dedupeKey(endpoint, args, key));
    return answer ? request?.answer() : request?.promise;
  }

  /** `inFlight`, for a consumer that waits without ever cancelling: the request is then never aborted by `useCancelling`. */
  join(endpoint: StoreEndpoint, args: readonly unknown[], key: string): Promise<unknown> | undefined {
    const request = this.reads.get(this.dedupeKey(endpoint, args, key));
    if (request !== undefined) request.held = true;
    return request?.promise;
  }

  /**
   * Whether any request for the key is in flight in this store (it is retained, see docs/concepts.md#garbage-collection); a page
   * request also holds its own key, where its pending id is kept.
   */
  keyInFlight(key: string): boolean {
    for (const request of this.active) if (request.key === key || request.dedupeKey === key) return true;
    return false;
  }

  /**
   * The earliest order a request in flight will merge its entities at (its `mergeAt`): tombstones
   * newer than it stay, see docs/concepts.md#garbage-collection.
   */
  oldestInFlight(): number {
    let oldest = Infinity;
    for (const request of this.active) if (request.mergeAt < oldest) oldest = request.mergeAt;
    return oldest;
  }

  /**
   * Where a read starting at `start` merges its entities (their `fetchedAt`): just before the
   * earliest mutation in flight, if any. The server may answer the read before it applies the
   * mutation, so its data is no newer than the mutation's; the mutation's answer, or its
   * optimistic layer, then wins over it, whichever arrives first. Reads and mutations otherwise
   * keep request start order (see docs/internals.md#merge-order).
   */
  mergeOrder(start: number): number {
    let at = start;
    for (const request of this.active) if (!request.read && request.fetchedAt <= at) at = request.fetchedAt - 1;
    return at;
  }

  /**
   * Resolves once no request of this store is in flight: requests that start while it waits
   * (a render that suspends on what the last answer linked to, a retry) are waited for too.
   * Outcomes are the requests' own business: it never rejects.
   */
  async settled(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active].map((request) => request.promise));
  }

  add(request: InFlight): void {
    if (request.read) this.reads.set(request.dedupeKey, request);
    this.active.add(request);
  }

  /**
   * The request leaves the in-flight sets before its outcome is dispatched, so that whatever runs
   * on that dispatch (store subscribers, hooks) already sees the key as settled.
   */
  release(request: InFlight): void {
    this.active.delete(request);
    if (this.reads.get(request.dedupeKey) === request) this.reads.delete(request.dedupeKey);
  }

  /**
   * `invalidate` committed for `keys`: requests in flight for them started before it, so their
   * answers are written already expired (see docs/internals.md#merge-order). Remembered here because the key's own
   * `invalidated` meta is replaced by the first outcome that commits after it.
   */
  markInvalidated(keys: readonly string[]): void {
    if (this.active.size === 0) return;
    const invalidated = new Set(keys);
    for (const request of this.active) if (invalidated.has(request.key)) request.invalidated = true;
  }

  /** `resetEntireStore` committed: every request is dropped and rejects with `ResetError` (see docs/concepts.md#the-store). */
  discardAll(): void {
    for (const request of this.active) {
      request.discarded = true;
      const error = new ResetError();
      request.reject(error);
      // Its response would be dropped anyway: stop the network request (see docs/concepts.md#the-store).
      request.abort.abort(error);
    }
    this.active.clear();
    this.reads.clear();
  }
}
