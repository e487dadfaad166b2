import type { StoreEndpoint, StreamContext } from '../../../rest';
import type { FeatureImpl, FeatureThunks, RestFeature } from '../../instance/feature';
import type { Handler, HandlerContext } from '../../instance/handlerContext';
import type { UnknownAction } from '../../rtk';
import type { Subscriber, Subscriptions, SubscriptionWatcher } from '../../requests/subscriptions';

interface RunningStream {
  readonly endpoint: StoreEndpoint;
  readonly args: unknown[];
  readonly controller: AbortController;
}

/**
 * The running `stream(...)`s of one store (see docs/concepts.md#streams): at most one per key,
 * started by the first subscriber whose endpoint has a stream, aborted when the key's last
 * subscriber leaves. A reset aborts them all and starts again those whose key is still
 * subscribed, since the subscribers still want live data (as polls are due at once after a reset).
 */
export class Streams implements SubscriptionWatcher {
  private readonly running = new Map<string, RunningStream>();

  constructor(
    private readonly hctx: HandlerContext,
    /** The instance's `setResponse` and `set` thunks, which a stream writes through. */
    private readonly writers: FeatureThunks,
  ) {}

  /** How many streams run (the leak suite's count). */
  get size(): number {
    return this.running.size;
  }

  /** A subscriber arrived for the key: start its endpoint's stream unless one runs. */
  start(endpoint: StoreEndpoint, args: unknown[], key: string): void {
    const { stream } = endpoint;
    if (stream === undefined || this.running.has(key)) return;
    const controller = new AbortController();
    this.running.set(key, { endpoint, args, controller });
    const context = this.contextFor(endpoint, args, controller.signal);
    // A stream's failure is its own: it reaches no caller and stores nothing (the key keeps its
    // data and can still be fetched); development builds say so, since nothing else would.
    const failed = (error: unknown) => {
      if (process.env.NODE_ENV !== 'production' && !controller.signal.aborted) console.error(`[rtk-rest] the stream of ${endpoint.name} failed; the key keeps its data. Catch errors inside stream(...) to recover.`, error);
    };
    try {
      const result = stream(context) as unknown;
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  /** A subscriber arrived: its endpoint's stream starts unless the key has one. */
  added(key: string, { endpoint, args }: Subscriber): void {
    this.start(endpoint, args, key);
  }

  /** The key's last subscriber gone: its stream stops. */
  removed(key: string, all: readonly Subscriber[]): void {
    if (all.length === 0) this.stop(key);
  }

  /** The key lost its last subscriber: abort its stream. */
  stop(key: string): void {
    const entry = this.running.get(key);
    if (entry === undefined) return;
    this.running.delete(key);
    entry.controller.abort();
  }

  /** After a reset: abort every stream, then restart those whose key is still subscribed. */
  restartAll(subscribed: (key: string) => boolean): void {
    const entries = [...this.running];
    for (const [key] of entries) this.stop(key);
    for (const [key, { endpoint, args }] of entries) if (subscribed(key)) this.start(endpoint, args, key);
  }

  private contextFor(endpoint: StoreEndpoint, args: unknown[], signal: AbortSignal): StreamContext {
    const { api } = this.hctx;
    const { writers } = this;
    // After the abort a stream's writes are dropped: a late message must not revive a key nobody watches.
    const dispatch = (action: unknown): unknown => (signal.aborted ? undefined : api.dispatch(action as UnknownAction));
    return {
      args,
      signal,
      setResponse: (body) => void dispatch(writers.setResponse(endpoint, ...args, body)),
      set: (queryable, ...values) => void dispatch(writers.set(queryable, ...values)),
      dispatch,
      getState: () => api.getState(),
    };
  }
}

/** `resetEntireStore` committed: the streams restart (see docs/concepts.md#streams). */
function buildStreamsResetHandler({ rest }: HandlerContext, streams: Streams, subscriptions: Subscriptions): Handler {
  return (action) => {
    if (rest.actions.resetEntireStore.match(action)) streams.restartAll((key) => subscriptions.has(key));
  };
}

/** The feature's part of each store: its streams, watching the subscriptions, and its handler. */
const feature: FeatureImpl = {
  feature: 'streams',
  build: () => ({
    store(input) {
      const running = new Streams(input, input.thunks);
      input.subscriptions.watch(running);
      if (process.env.NODE_ENV !== 'production') input.records!.streams = running;
      return { handler: buildStreamsResetHandler(input, running, input.subscriptions) };
    },
  }),
};

/**
 * Runs each endpoint's `stream(...)` while its key has subscribers (see docs/concepts.md#streams).
 * In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const streams: RestFeature = feature;
