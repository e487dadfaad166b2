import type { StoreEndpoint } from '../rest';
import type { FetchLifecycle } from './fetchLifecycle';
import type { Timers } from './environment';
import type { ActionHandler, HandlerContext } from './handlerContext';
import { tableGet, tableHas } from './tables';

interface Subscriber {
  readonly endpoint: StoreEndpoint;
  readonly args: unknown[];
}

interface KeySubscriptions {
  readonly subscribers: Subscriber[];
  timer?: unknown;
  /** When the last poll of the key started: a poll that writes nothing (aborted) still waits an interval. */
  polledAt?: number;
}

/**
 * Subscriptions and polling of one store (see docs/concepts.md#polling): one timer per key at the
 * minimum `pollFrequency` of its subscribers, due at the key's last write + that interval; no
 * timer while offline or (unless `pollWhenHidden`) hidden; on coming back, stale subscribed keys
 * refetch at once.
 */
export class Polling {
  private readonly keys = new Map<string, KeySubscriptions>();
  private stopListening: (() => void) | undefined;
  private wasPaused = false;

  private readonly timers: Timers;

  constructor(
    private readonly hctx: HandlerContext,
    private readonly fetcher: FetchLifecycle,
  ) {
    this.timers = hctx.rest.options.timers;
    // Subscribed keys are in use: GC keeps them and their endpoint and arguments (see docs/concepts.md#garbage-collection).
    hctx.keys.retainedBy((key) => this.keys.has(key));
  }

  /** Whether polls wait: offline, or hidden unless `pollWhenHidden` (see docs/concepts.md#polling). */
  private paused(): boolean {
    const { environment, pollWhenHidden } = this.hctx.rest.options;
    return !environment.isOnline() || (!pollWhenHidden && !environment.isVisible());
  }

  /** Online/visibility changed: pause, or resume and refetch what the fetch rule says (see docs/concepts.md#polling). */
  private onEnvironmentChange(): void {
    const paused = this.paused();
    if (paused === this.wasPaused) return;
    this.wasPaused = paused;
    if (paused) {
      for (const entry of this.keys.values()) this.clear(entry);
      return;
    }
    const state = this.hctx.api.getState();
    for (const [key, entry] of this.keys) {
      const first = entry.subscribers[0];
      if (first !== undefined && this.fetcher.shouldFetch(state, first.endpoint, first.args, key)) {
        const poller = this.poller(entry)?.subscriber ?? first;
        this.fetcher.fetch(poller.endpoint, poller.args, key, { poll: true }).catch(() => undefined);
      }
    }
    this.rescheduleAll();
  }

  /** Adds a subscriber; the returned function removes it (a second call does nothing). */
  subscribe(endpoint: StoreEndpoint, args: unknown[], key: string): () => void {
    let entry = this.keys.get(key);
    if (entry === undefined) this.keys.set(key, (entry = { subscribers: [] }));
    const subscriber: Subscriber = { endpoint, args };
    this.hctx.keys.remember(key, endpoint, args);
    entry.subscribers.push(subscriber);
    if (this.stopListening === undefined) {
      this.wasPaused = this.paused();
      this.stopListening = this.hctx.rest.options.environment.listen(() => this.onEnvironmentChange());
    }
    this.schedule(key);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.keys.get(key);
      if (current === undefined) return;
      const index = current.subscribers.indexOf(subscriber);
      if (index !== -1) current.subscribers.splice(index, 1);
      if (current.subscribers.length === 0) {
        this.clear(current);
        this.keys.delete(key);
        // A key that never reached the slice (subscribed, never fetched) has nothing for GC to remove.
        const slice = this.hctx.slice();
        if (!tableHas(slice.meta, key) && !tableHas(slice.endpoints, key)) this.hctx.keys.forget([key]);
        // Event listeners go with the last subscription (see docs/concepts.md#polling).
        if (this.keys.size === 0) {
          this.stopListening?.();
          this.stopListening = undefined;
        }
      } else {
        this.schedule(key);
      }
    };
  }

  /** Every key with subscribers. */
  subscribedKeys(): IterableIterator<string> {
    return this.keys.keys();
  }

  /** Whether a key has subscribers (it is retained, see docs/concepts.md#garbage-collection). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** A write to the key moved its due time (see docs/concepts.md#polling). */
  written(key: string): void {
    if (this.keys.has(key)) this.schedule(key);
  }

  /** After a reset every subscribed key has no write, so its poll is due at once (see docs/concepts.md#the-store). */
  rescheduleAll(): void {
    for (const [key, entry] of this.keys) {
      entry.polledAt = undefined;
      this.schedule(key);
    }
  }

  private clear(entry: KeySubscriptions): void {
    if (entry.timer !== undefined) this.timers.clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** The subscriber whose endpoint polls: the earliest with the minimum frequency (see docs/concepts.md#polling). */
  private poller(entry: KeySubscriptions): { subscriber: Subscriber; interval: number } | undefined {
    let found: { subscriber: Subscriber; interval: number } | undefined;
    for (const subscriber of entry.subscribers) {
      const frequency = subscriber.endpoint.pollFrequency;
      if (frequency !== undefined && (found === undefined || frequency < found.interval)) found = { subscriber, interval: frequency };
    }
    return found;
  }

  private schedule(key: string): void {
    const entry = this.keys.get(key);
    if (entry === undefined) return;
    this.clear(entry);
    const poller = this.poller(entry);
    if (poller === undefined || this.paused()) return;
    const now = this.hctx.rest.options.now();
    // Due an interval after the key's last write (see docs/concepts.md#polling), or after the last poll that wrote nothing:
    // without the latter a poll aborted by its endpoint's signal would repeat at once, forever.
    const date = tableGet(this.hctx.slice().meta, key)?.date;
    const last = Math.max(date ?? -Infinity, entry.polledAt ?? -Infinity);
    const delay = last === -Infinity ? 0 : Math.max(0, last + poller.interval - now);
    const timer = this.timers.setTimeout(() => this.poll(key), delay);
    (timer as { unref?: () => void } | undefined)?.unref?.();
    entry.timer = timer;
  }

  private poll(key: string): void {
    const entry = this.keys.get(key);
    if (entry === undefined) return;
    entry.timer = undefined;
    const poller = this.poller(entry);
    if (poller === undefined || this.paused()) return;
    const { endpoint, args } = poller.subscriber;
    entry.polledAt = this.hctx.rest.options.now();
    // A poll is a read: it joins a read in flight; its failures are stored soft and reach no caller.
    this.fetcher.fetch(endpoint, args, key, { poll: true }).catch(() => undefined);
  }
}

/** A write moved a key's due time (see docs/concepts.md#polling): fetch outcomes, `setResponse`, `setError`. */
export function buildPollingHandler(polling: Polling): ActionHandler {
  return (action) => {
    const key = writtenKey(action);
    if (key !== undefined) polling.written(key);
  };
}

/** The key whose `meta.date` an action moves (fetch outcomes, setResponse, setError), if any. */
function writtenKey(action: unknown): string | undefined {
  const meta = (action as { meta?: { key?: unknown; date?: unknown } } | undefined)?.meta;
  return meta !== undefined && typeof meta.key === 'string' && typeof meta.date === 'number' ? meta.key : undefined;
}
