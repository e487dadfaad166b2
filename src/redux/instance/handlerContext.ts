import type { StoreEndpoint } from '../../rest';
import type { RestContext } from './context';
import type { DeleteByParams } from '../requests/deleteByParams';
import type { KeyRecord } from '../requests/keyRecord';
import type { InFlightRequests } from '../requests/requests';
import type { MiddlewareAPI, UnknownAction } from '../rtk';
import type { Selectors } from '../read/selectors';
import type { Tables } from '../store/tables';
import type { RestState } from '../types';

/**
 * What every handler of one store is built from (RTK Query's buildMiddleware shape): the
 * instance's context, the store's API, the selectors, and the per-store records the handlers
 * share as data. Handlers get their peers' functions as explicit arguments, never a reference
 * back to an object that owns them all.
 */
export interface HandlerContext {
  /** Options, actions, the memo cache and the slice accessors of the instance. */
  readonly rest: RestContext;
  readonly api: MiddlewareAPI;
  readonly selectors: Selectors;
  /** The store's requests in flight. */
  readonly requests: InFlightRequests;
  /** The endpoint and arguments per key, and who retains a key. */
  readonly keys: KeyRecord;
  /** The store's slice now. */
  slice(): RestState;
  /** The `deleteByParams` feature's part, when the instance has it. */
  readonly deleteByParams?: DeleteByParams;
}

/**
 * The one shape of every concern of the middleware (RTK Query's): it sees each action after the
 * reducer applied it, with the store's API and this instance's slice as it was before the action.
 */
export type Handler = (action: UnknownAction, api: MiddlewareAPI, stateBefore: RestState) => void;

/** How `rest.fetch` starts a request: a poll is always a read; `deferPending` is for rendering hooks (see docs/internals.md#the-fetch-lifecycle). */
export interface FetchOptions {
  poll?: boolean;
  deferPending?: boolean;
  /** Started or joined by a `useCancelling`: its last leaving waiter may abort it. */
  cancellable?: boolean;
  /** The caller reads the value (`rest.fetch`): the promise resolves to it, else it only settles (see `Settlement`). */
  answer?: boolean;
}

/** What `rtk-rest/react`'s hooks use of a store's runtime: requests, the fetch rule and retention. */
export interface HookRuntime {
  /** Joins a read in flight or starts a request (see docs/internals.md#the-fetch-lifecycle). */
  fetch(endpoint: StoreEndpoint, args: unknown[], key: string, options?: FetchOptions): Promise<unknown>;
  /** The read in flight for the key in this store, if any; with `answer`, the promise of a caller that reads its value. */
  inFlight(endpoint: StoreEndpoint, args: readonly unknown[], key: string, answer?: boolean): Promise<unknown> | undefined;
  /** The read in flight for the key, joined by a consumer that never cancels it. */
  join(endpoint: StoreEndpoint, args: readonly unknown[], key: string): Promise<unknown> | undefined;
  /** The store's requests in flight (a `useCancelling` waits for one: redux/cancelling.ts). */
  readonly requests: InFlightRequests;
  /** How the instance's tables are read (the hooks that read the slice's tables themselves, the server's scripts). */
  readonly tables: Tables;
  /** Whether any request for the key is in flight in this store. */
  keyInFlight(key: string): boolean;
  /** Whether the key's stored error is soft (`errorPolicy`, polls): `useSuspense` keeps showing usable data instead of throwing it. */
  softError(state: unknown, key: string): boolean;
  /** The fetch rule (see docs/concepts.md#expiry); `byClock: false` leaves out what only the clock makes due (expired data or errors). */
  shouldFetch(state: unknown, endpoint: StoreEndpoint, args: unknown[], key: string, byClock?: boolean): boolean;
  /** Retains a key from GC until the returned function is called (mounted hooks, see docs/concepts.md#garbage-collection). */
  retain(key: string): (() => void) | undefined;
  /** Retains what a queryable read by these arguments reaches (`useQuery`, see docs/concepts.md#garbage-collection). */
  retainQuery(queryable: unknown, args: readonly unknown[]): (() => void) | undefined;
  /** A fetching hook mounted: it refetches on focus / reconnect when its endpoint asks; returns the unmount. */
  mountRead(endpoint: StoreEndpoint, args: unknown[], key: string): () => void;
}

/** What the thunks use of a store's runtime, reached through the middleware's probe (see docs/internals.md#actions). */
export interface StoreRuntime extends HookRuntime {
  /** Adds a subscriber for the key; returns `unsubscribe` (see docs/concepts.md#polling). */
  subscribe(endpoint: StoreEndpoint, args: unknown[], key: string): () => void;
  /** Remembers the endpoint and arguments a key was written with (`setResponse`). */
  remember(key: string, endpoint: StoreEndpoint, args: readonly unknown[]): void;
  /** The endpoint and arguments per key: the results a `setResponse` that moves an entity to another pk follows (pkChange.ts). */
  readonly keys: Pick<KeyRecord, 'endpointsByKey' | 'argsByKey'>;
  /** Resolves once no request of this store is in flight (`rest.settled`). */
  settled(): Promise<void>;
}
