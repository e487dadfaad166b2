import type { StoreEndpoint } from '../../rest';

/**
 * What one store remembers per key outside the state: the endpoint and arguments it was last
 * requested or subscribed with (GC and the delete fallback read results through them, see docs/concepts.md#garbage-collection),
 * and who keeps a key in use. Each handler that holds keys (requests in flight, subscriptions,
 * mounted hooks) registers a `retainer`, so nothing here refers back to the handlers.
 */
export class KeyRecord {
  /** The arguments each key was last requested with. */
  readonly argsByKey = new Map<string, readonly unknown[]>();
  /** The endpoint each key was last requested with, in this store. */
  readonly endpointsByKey = new Map<string, StoreEndpoint>();
  private readonly retainers: ((key: string) => boolean)[] = [];

  constructor(private readonly forgetRead: (key: string) => void) {}

  remember(key: string, endpoint: StoreEndpoint, args: readonly unknown[]): void {
    this.endpointsByKey.set(key, endpoint);
    this.argsByKey.set(key, args);
  }

  /** Adds a source of retained keys (a subscription, a hook, a request in flight keeps its key, see docs/concepts.md#garbage-collection). */
  retainedBy(retainer: (key: string) => boolean): void {
    this.retainers.push(retainer);
  }

  /** Whether anything in this store still uses the key. */
  isRetained(key: string): boolean {
    for (const retainer of this.retainers) if (retainer(key)) return true;
    return false;
  }

  /**
   * Keys left the slice (a GC sweep, a reset): forget their endpoint and arguments unless something
   * still uses the key. Without this, every distinct key a long session ever fetched stays here.
   */
  forget(keys: Iterable<string>): void {
    for (const key of keys) {
      if (this.isRetained(key)) continue;
      this.argsByKey.delete(key);
      this.endpointsByKey.delete(key);
      this.forgetRead(key);
    }
  }

  /** Every key remembered. */
  all(): string[] {
    return [...this.argsByKey.keys(), ...this.endpointsByKey.keys()];
  }
}
