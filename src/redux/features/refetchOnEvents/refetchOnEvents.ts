import type { StoreEndpoint } from '../../../rest';
import { browserEnvironment } from '../../instance/environment';
import type { FeatureImpl, RestFeature, StoreInput } from '../../instance/feature';
import type { HandlerContext } from '../../instance/handlerContext';

interface MountedRead {
  readonly endpoint: StoreEndpoint;
  readonly args: unknown[];
  readonly key: string;
  readonly onFocus: boolean;
  readonly onReconnect: boolean;
}

/**
 * `refetchOnFocus` / `refetchOnReconnect`: the store's mounted reads (hooks that
 * fetch) that asked for either; on the window's focus (or the page becoming visible) and on coming
 * back online, each stale one refetches by the fetch rule (see docs/concepts.md#expiry), de-duplicated per key.
 * Listens to the injected `environment` only while such a read is mounted, so an app that
 * never asks pays for no listener.
 */
export class RefetchOnEvents {
  private readonly reads = new Set<MountedRead>();
  private stopListening: (() => void) | undefined;
  private was = { online: true, visible: true };

  constructor(
    private readonly hctx: HandlerContext,
    private readonly fetcher: StoreInput['lifecycle'],
  ) {}

  /** A read hook mounted; returns what unmounts it (a second call does nothing). */
  mount(endpoint: StoreEndpoint, args: unknown[], key: string): () => void {
    const { options } = this.hctx.rest;
    const read: MountedRead = {
      endpoint,
      args,
      key,
      onFocus: endpoint.refetchOnFocus ?? options.refetchOnFocus,
      onReconnect: endpoint.refetchOnReconnect ?? options.refetchOnReconnect,
    };
    if (!read.onFocus && !read.onReconnect) return noop;
    this.reads.add(read);
    if (this.stopListening === undefined) {
      const environment = options.environment ?? browserEnvironment;
      this.was = { online: environment.isOnline(), visible: environment.isVisible() };
      this.stopListening = environment.listen((event) => this.changed(event));
    }
    return () => {
      if (!this.reads.delete(read) || this.reads.size > 0) return;
      this.stopListening?.();
      this.stopListening = undefined;
    };
  }

  private changed(event?: 'focus'): void {
    const environment = this.hctx.rest.options.environment ?? browserEnvironment;
    const now = { online: environment.isOnline(), visible: environment.isVisible() };
    const reconnected = now.online && !this.was.online;
    const focused = now.online && now.visible && (event === 'focus' || !this.was.visible);
    this.was = now;
    if (!reconnected && !focused) return;
    const state = this.hctx.api.getState();
    const done = new Set<string>();
    for (const read of this.reads) {
      if (done.has(read.key) || !((focused && read.onFocus) || (reconnected && read.onReconnect))) continue;
      done.add(read.key);
      if (this.fetcher.shouldFetch(state, read.endpoint, read.args, read.key)) this.fetcher.fetch(read.endpoint, read.args, read.key).catch(noop);
    }
  }
}

const noop = () => undefined;

/** The feature's part of each store: the mounted reads it refetches. */
const feature: FeatureImpl = {
  feature: 'refetchOnEvents',
  build: () => ({
    store(input) {
      const events = new RefetchOnEvents(input, input.lifecycle);
      return { retention: { mountRead: events.mount.bind(events) } };
    },
  }),
};

/**
 * `refetchOnFocus` / `refetchOnReconnect` for mounted reads (see docs/concepts.md#expiry).
 * In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const refetchOnEvents: RestFeature = feature;
