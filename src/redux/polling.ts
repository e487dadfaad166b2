import type { RestEndpoint } from '../rest';
import type { Controller } from './controller';
import { tableGet } from './tables';

interface Subscriber {
  readonly endpoint: RestEndpoint;
  readonly args: unknown[];
}

interface KeySubscriptions {
  readonly subscribers: Subscriber[];
  timer?: unknown;
}

/** The timer functions polling uses (injectable, SPEC 6.56; STYLE habit 3). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Subscriptions and polling of one store (SPEC 6.56–6.59, 6.61, D22): one timer per key at the
 * minimum `pollFrequency` of its subscribers, due at the key's last write + that interval.
 * Pausing while offline or hidden (6.60) comes with the environment hooks.
 */
export class Polling {
  private readonly keys = new Map<string, KeySubscriptions>();

  constructor(
    private readonly controller: Controller,
    private readonly timers: Timers,
  ) {}

  /** Adds a subscriber; the returned function removes it (a second call does nothing). */
  subscribe(endpoint: RestEndpoint, args: unknown[], key: string): () => void {
    let entry = this.keys.get(key);
    if (entry === undefined) this.keys.set(key, (entry = { subscribers: [] }));
    const subscriber: Subscriber = { endpoint, args };
    entry.subscribers.push(subscriber);
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
      } else {
        this.schedule(key);
      }
    };
  }

  /** Whether a key has subscribers (it is retained, SPEC 6.63). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** A write to the key moved its due time (SPEC 6.58). */
  written(key: string): void {
    if (this.keys.has(key)) this.schedule(key);
  }

  /** After a reset every subscribed key has no write, so its poll is due at once (SPEC 6.70). */
  rescheduleAll(): void {
    for (const key of this.keys.keys()) this.schedule(key);
  }

  private clear(entry: KeySubscriptions): void {
    if (entry.timer !== undefined) this.timers.clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** The subscriber whose endpoint polls: the earliest with the minimum frequency (SPEC 6.57, 6.59). */
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
    if (poller === undefined) return;
    const now = this.controller.ctx.options.now();
    const date = tableGet(this.controller.slice().meta, key)?.date;
    const delay = date === undefined ? 0 : Math.max(0, date + poller.interval - now);
    const timer = this.timers.setTimeout(() => this.poll(key), delay);
    (timer as { unref?: () => void } | undefined)?.unref?.();
    entry.timer = timer;
  }

  private poll(key: string): void {
    const entry = this.keys.get(key);
    if (entry === undefined) return;
    entry.timer = undefined;
    const poller = this.poller(entry);
    if (poller === undefined) return;
    const { endpoint, args } = poller.subscriber;
    // A poll is a read: it joins a read in flight; its failures are stored soft and reach no caller.
    this.controller.fetch(endpoint, args, key, { poll: true }).catch(() => undefined);
  }
}
