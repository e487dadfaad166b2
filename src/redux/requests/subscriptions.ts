import type { StoreEndpoint } from '../../rest';
import type { HandlerContext } from '../instance/handlerContext';

/** One `rest.subscribe` (or `useSubscription`, `useLive`) of a key. */
export interface Subscriber {
  readonly endpoint: StoreEndpoint;
  readonly args: unknown[];
}

/** Told when a key's subscribers change: what the polling and streams features build on. */
export interface SubscriptionWatcher {
  /** A subscriber arrived; `all` already holds it. */
  added?(key: string, subscriber: Subscriber, all: readonly Subscriber[]): void;
  /** A subscriber left; `all` is what remains (empty when it was the key's last). */
  removed?(key: string, all: readonly Subscriber[]): void;
}

/**
 * The subscribers of one store, per key (see docs/concepts.md#polling). Core: a subscribed key is
 * in use, so GC keeps it and its endpoint and arguments whether or not the store polls. What a
 * subscription starts (a poll timer, a stream) belongs to the features that `watch` it, so a store
 * built without them pays for none of it.
 */
export class Subscriptions {
  /** The subscribers of each subscribed key, in arrival order. */
  readonly byKey = new Map<string, Subscriber[]>();
  private readonly watchers: SubscriptionWatcher[] = [];

  constructor(private readonly hctx: HandlerContext) {
    hctx.keys.retainedBy((key) => this.byKey.has(key));
  }

  /** Adds a feature's watcher (features are built once per store, before any subscription). */
  watch(watcher: SubscriptionWatcher): void {
    this.watchers.push(watcher);
  }

  /** Adds a subscriber; the returned function removes it (a second call does nothing). */
  add(endpoint: StoreEndpoint, args: unknown[], key: string): () => void {
    let all = this.byKey.get(key);
    if (all === undefined) this.byKey.set(key, (all = []));
    const subscriber: Subscriber = { endpoint, args };
    this.hctx.keys.remember(key, endpoint, args);
    all.push(subscriber);
    for (const watcher of this.watchers) watcher.added?.(key, subscriber, all);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.remove(key, subscriber);
    };
  }

  /** Whether a key has subscribers. */
  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Every subscribed key. */
  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  private remove(key: string, subscriber: Subscriber): void {
    const all = this.byKey.get(key);
    if (all === undefined) return;
    const index = all.indexOf(subscriber);
    if (index !== -1) all.splice(index, 1);
    if (all.length === 0) this.byKey.delete(key);
    for (const watcher of this.watchers) watcher.removed?.(key, all);
    if (all.length > 0) return;
    // A key that never reached the slice (subscribed, never fetched) has nothing for GC to remove.
    const slice = this.hctx.slice();
    const { tables } = this.hctx.rest;
    if (!tables.has(slice.meta, key) && !tables.has(slice.endpoints, key)) this.hctx.keys.forget([key]);
  }
}
