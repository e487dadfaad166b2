import type { Timers } from '../../instance/environment';
import { browserEnvironment } from '../../instance/environment';
import type { Environment } from '../../instance/environment';
import type { FeatureImpl, RestFeature, StoreInput } from '../../instance/feature';
import type { Handler, HandlerContext } from '../../instance/handlerContext';
import type { Subscriber, Subscriptions, SubscriptionWatcher } from '../../requests/subscriptions';

interface KeyPolls {
  timer?: unknown;
  /** When the last poll of the key started: a poll that writes nothing (aborted) still waits an interval. */
  polledAt?: number;
}

/**
 * Polling of one store (see docs/concepts.md#polling): one timer per subscribed key at the
 * minimum `pollFrequency` of its subscribers, due at the key's last write + that interval; no
 * timer while offline or (unless `pollWhenHidden`) hidden; on coming back, stale subscribed keys
 * refetch at once.
 */
export class Polling implements SubscriptionWatcher {
  /** Each subscribed key's timer. */
  private readonly keys = new Map<string, KeyPolls>();
  private stopListening: (() => void) | undefined;
  private wasPaused = false;

  private readonly timers: Timers;
  private readonly environment: Environment;

  constructor(
    private readonly hctx: HandlerContext,
    private readonly fetcher: StoreInput['lifecycle'],
    private readonly subscriptions: Subscriptions,
  ) {
    this.timers = hctx.rest.options.timers;
    this.environment = hctx.rest.options.environment ?? browserEnvironment;
  }

  /** Whether polls wait: offline, or hidden unless `pollWhenHidden` (see docs/concepts.md#polling). */
  private paused(): boolean {
    return !this.environment.isOnline() || (!this.hctx.rest.options.pollWhenHidden && !this.environment.isVisible());
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
    for (const [key, subscribers] of this.subscriptions.byKey) {
      const first = subscribers[0];
      if (first !== undefined && this.fetcher.shouldFetch(state, first.endpoint, first.args, key)) {
        const poller = this.poller(subscribers)?.subscriber ?? first;
        this.fetcher.fetch(poller.endpoint, poller.args, key, { poll: true }).catch(() => undefined);
      }
    }
    this.rescheduleAll();
  }

  /** A subscriber arrived: listen to the environment (while anything is subscribed) and schedule the key. */
  added(key: string): void {
    if (!this.keys.has(key)) this.keys.set(key, {});
    if (this.stopListening === undefined) {
      this.wasPaused = this.paused();
      this.stopListening = this.environment.listen(() => this.onEnvironmentChange());
    }
    this.schedule(key);
  }

  /** A subscriber left: the key's timer follows the remaining ones, or goes with the last. */
  removed(key: string, all: readonly Subscriber[]): void {
    const entry = this.keys.get(key);
    if (entry === undefined) return;
    if (all.length > 0) return this.schedule(key);
    this.clear(entry);
    this.keys.delete(key);
    // Event listeners go with the last subscription (see docs/concepts.md#polling).
    if (this.keys.size === 0) {
      this.stopListening?.();
      this.stopListening = undefined;
    }
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

  private clear(entry: KeyPolls): void {
    if (entry.timer !== undefined) this.timers.clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** The subscriber whose endpoint polls: the earliest with the minimum frequency (see docs/concepts.md#polling). */
  private poller(subscribers: readonly Subscriber[] | undefined): { subscriber: Subscriber; interval: number } | undefined {
    let found: { subscriber: Subscriber; interval: number } | undefined;
    for (const subscriber of subscribers ?? []) {
      const frequency = subscriber.endpoint.pollFrequency;
      if (frequency !== undefined && (found === undefined || frequency < found.interval)) found = { subscriber, interval: frequency };
    }
    return found;
  }

  private schedule(key: string): void {
    const entry = this.keys.get(key);
    if (entry === undefined) return;
    this.clear(entry);
    const poller = this.poller(this.subscriptions.byKey.get(key));
    if (poller === undefined || this.paused()) return;
    const now = this.hctx.rest.options.now();
    // Due an interval after the key's last write (see docs/concepts.md#polling), or after the last poll that wrote nothing:
    // without the latter a poll aborted by its endpoint's signal would repeat at once, forever.
    const date = this.hctx.rest.tables.get(this.hctx.slice().meta, key)?.date;
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
    const poller = this.poller(this.subscriptions.byKey.get(key));
    if (poller === undefined || this.paused()) return;
    const { endpoint, args } = poller.subscriber;
    // A key read at call time (a urlPrefix function) that moved on, to another tenant: the request
    // would go to the new root and store its answer under the old root's key. The subscriber
    // subscribes again under the new key when it re-renders.
    if (endpoint.key(...args) !== key) return;
    entry.polledAt = this.hctx.rest.options.now();
    // A poll is a read: it joins a read in flight; its failures are stored soft and reach no caller.
    this.fetcher.fetch(endpoint, args, key, { poll: true }).catch(() => undefined);
  }
}

/**
 * A write moved a key's due time (see docs/concepts.md#polling): fetch outcomes, `setResponse`,
 * `setError`; after `resetEntireStore` every subscribed key has no write, so its poll is due at once.
 */
function buildPollingHandler({ rest }: HandlerContext, polling: Polling): Handler {
  return (action) => {
    if (rest.actions.resetEntireStore.match(action)) return polling.rescheduleAll();
    const key = writtenKey(action);
    if (key !== undefined) polling.written(key);
  };
}

/** The feature's part of each store: its timers, watching the subscriptions, and its handler. */
const feature: FeatureImpl = {
  feature: 'polling',
  build: () => ({
    store(input) {
      const polls = new Polling(input, input.lifecycle, input.subscriptions);
      input.subscriptions.watch(polls);
      if (process.env.NODE_ENV !== 'production') input.records!.polling = polls;
      return { handler: buildPollingHandler(input, polls) };
    },
  }),
};

/** The key whose `meta.date` an action moves (fetch outcomes, setResponse, setError), if any. */
function writtenKey(action: unknown): string | undefined {
  const meta = (action as { meta?: { key?: unknown; date?: unknown } } | undefined)?.meta;
  return meta !== undefined && typeof meta.key === 'string' && typeof meta.date === 'number' ? meta.key : undefined;
}

/**
 * Polling at each endpoint's `pollFrequency` while a key has subscribers, paused offline and
 * while hidden (see docs/concepts.md#polling). In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const polling: RestFeature = feature;
