import { isInferable, toNode } from '../../../schema';
import type { SchemaNode } from '../../../schema';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { Timers } from '../../instance/environment';
import type { Handler, HandlerContext } from '../../instance/handlerContext';
import { inCreationContext } from './creationContext';
import { collect } from './sweep';
import type { RestState } from '../../types';

/**
 * Garbage collection of one store (see docs/concepts.md#garbage-collection). Keys are retained by subscriptions,
 * mounted hooks (`retain`) and requests in flight; every `gc.intervalMs` a sweep removes
 * unretained keys expired for longer than `gc.graceMs`, then every entity that no remaining
 * result, retained read or layer reaches, in one `gc` action.
 */
export class GarbageCollector {
  private readonly retained = new Map<string, number>();
  /** Queryable reads of mounted `useQuery` hooks: the entities they read stay (see docs/concepts.md#garbage-collection). */
  private readonly queries = new Set<{ node: SchemaNode; args: readonly unknown[] }>();
  /** The pending sweep's timer (set by `sweepEvery`). */
  timer: unknown;

  constructor(
    private readonly hctx: HandlerContext,
    /** The keys with subscribers. */
    private readonly subscribedKeys: () => Iterable<string>,
    private readonly options: { intervalMs: number; graceMs: number },
    /** Arms the first timer in the rest instance's async context (see ./creationContext.ts). */
    private readonly arm: (run: () => void) => void,
  ) {
    hctx.keys.retainedBy((key) => this.retained.has(key));
  }

  /** Retains a key until the returned function is called (hooks, see docs/concepts.md#garbage-collection); a second call does nothing. */
  retain(key: string): () => void {
    this.retained.set(key, (this.retained.get(key) ?? 0) + 1);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const count = (this.retained.get(key) ?? 1) - 1;
      if (count > 0) this.retained.set(key, count);
      else this.retained.delete(key);
    };
  }

  /** Retains what a queryable read by these arguments reaches until the returned function is called (`useQuery`, see docs/concepts.md#garbage-collection). */
  retainQuery(queryable: unknown, args: readonly unknown[]): () => void {
    const node = toNode(queryable);
    if (node === undefined || !node.queryable) return () => undefined;
    const read = { node, args };
    this.queries.add(read);
    return () => void this.queries.delete(read);
  }

  /** Retained by a hook, a subscription or a request in flight (every retainer of the key record). */
  isRetained(key: string): boolean {
    return this.hctx.keys.isRetained(key);
  }

  /**
   * Starts the sweep timer, when the store is made. The timer neither keeps Node alive nor the
   * store (see docs/concepts.md#garbage-collection): it holds the collector weakly, and runs in
   * the rest instance's async context, not in that of the code that made or used the store (a
   * server render, which would hold the store for as long as the timer re-arms).
   */
  start(): void {
    if (this.timer !== undefined) return;
    const self = new WeakRef(this);
    const { intervalMs } = this.options;
    const timers = this.hctx.rest.options.timers;
    this.arm(() => sweepEvery(self, intervalMs, timers));
  }

  stop(): void {
    if (this.timer !== undefined) this.hctx.rest.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One sweep: dispatches one `gc` action when something goes, nothing otherwise (see docs/concepts.md#garbage-collection). */
  sweep(): void {
    const { rest, api } = this.hctx;
    // A slice not mounted yet (combineSlices' lazy inject) has nothing to sweep.
    if ((api.getState() as Record<string, unknown> | undefined)?.[rest.options.reducerPath] === undefined) return;
    const slice = this.hctx.slice();
    const keys = this.expiredKeys(slice, rest.options.now());
    const entities = this.unreachableEntities(slice, new Set(keys));
    if (keys.length > 0 || entities.length > 0) api.dispatch(rest.actions.gc({ keys, entities }));
  }

  /** Step 1: unretained keys whose `expiresAt + graceMs` is past, or that have no `expiresAt`. */
  private expiredKeys(slice: RestState, now: number): string[] {
    const { tables } = this.hctx.rest;
    const all = new Set([...tables.keys(slice.meta), ...tables.keys(slice.endpoints)]);
    const out: string[] = [];
    for (const key of all) {
      if (this.isRetained(key)) continue;
      const expiresAt = tables.get(slice.meta, key)?.expiresAt;
      if (expiresAt === undefined || expiresAt + this.options.graceMs < now) out.push(key);
    }
    return out;
  }

  /**
   * Step 2: entities no remaining result, retained inferred read or layer reaches. Skipped when
   * a remaining result belongs to an endpoint this store never saw (hydrated), or while layers
   * exist (they are short-lived, and their reads change with every base change).
   */
  private unreachableEntities(slice: RestState, removed: ReadonlySet<string>): { key: string; pk: string }[] {
    if (slice.optimistic.length > 0) return [];
    const { rest, selectors, keys, requests } = this.hctx;
    const { tables } = rest;
    const reader = rest.reader(slice);
    const reachable = new Set<string>();
    const reach = (paths: readonly { key: string; pk: string }[]) => {
      for (const { key, pk } of paths) reachable.add(key + '\u0000' + pk);
    };
    for (const key of tables.keys(slice.endpoints)) {
      if (removed.has(key)) continue;
      const endpoint = keys.endpointsByKey.get(key);
      if (endpoint === undefined) return [];
      const node = toNode(endpoint.schema);
      if (node === undefined) continue;
      const args = keys.argsByKey.get(key) ?? [];
      reach(selectors.readAs(key, node, tables.get(slice.endpoints, key), slice, reader, args).paths);
    }
    // Retained keys without a result read by inference (see docs/concepts.md#schemas): what they read stays.
    for (const key of [...this.retained.keys(), ...this.subscribedKeys()]) {
      const endpoint = keys.endpointsByKey.get(key);
      if (endpoint === undefined || tables.get(slice.endpoints, key) !== undefined) continue;
      const node = toNode(endpoint.schema);
      if (node === undefined || !isInferable(node)) continue;
      const answer = selectors.query(slice, node, keys.argsByKey.get(key) ?? [], key);
      if (answer !== undefined) reach(answer.paths);
    }
    for (const { node, args } of this.queries) {
      const answer = selectors.query(slice, node, args);
      if (answer !== undefined) reach(answer.paths);
    }
    const oldest = requests.oldestInFlight();
    const out: { key: string; pk: string }[] = [];
    for (const key of Object.keys(slice.entities)) {
      const table = slice.entities[key];
      for (const pk of tables.keys(table)) {
        if (reachable.has(key + '\u0000' + pk)) continue;
        // A tombstone stays while a request that started before it is in flight (see docs/concepts.md#garbage-collection).
        if (tables.get(table, pk) === null && (tables.get(slice.entitiesMeta[key], pk)?.fetchedAt ?? 0) > oldest) continue;
        out.push({ key, pk });
      }
    }
    return out;
  }
}

/**
 * Sweeps the collector every `intervalMs` for as long as it lives. At module level, so that no
 * closure of the timer's shares a scope that holds the collector itself: one that did would keep
 * it, and its store, alive for ever, the timer re-arming each time.
 */
function sweepEvery(self: WeakRef<GarbageCollector>, intervalMs: number, timers: Timers): void {
  const arm = (gc: GarbageCollector) => {
    gc.timer = timers.setTimeout(tick, intervalMs);
    (gc.timer as { unref?: () => void } | undefined)?.unref?.();
  };
  const tick = () => {
    const gc = self.deref();
    if (gc === undefined) return;
    gc.sweep();
    arm(gc);
  };
  const collector = self.deref();
  if (collector !== undefined) arm(collector);
}

/** The store's GC handler: after a committed sweep, forgets the endpoint and arguments of removed keys nothing uses. */
function buildGcHandler({ rest, keys }: HandlerContext): Handler {
  return (action) => {
    if (rest.actions.gc.match(action)) keys.forget(action.payload.keys);
  };
}

/** The feature's parts: the reducer of the sweep's `gc` action, and each store's collector. */
const feature: FeatureImpl = {
  feature: 'garbageCollection',
  build: () => {
    const arm = inCreationContext();
    return {
      reducer: (next, { actions, writer }) => (state, action) => {
        const base = next(state, action);
        return actions.gc.match(action) ? collect(writer, base, action.payload.keys, action.payload.entities) : base;
      },
      store(input) {
        const { gc } = input.rest.options;
        if (gc === false) return {};
        const collector = new GarbageCollector(input, () => input.subscriptions.keys(), gc, arm);
        if (process.env.NODE_ENV !== 'production') input.records!.gc = collector;
        collector.start();
        return {
          handler: buildGcHandler(input),
          retention: { retain: collector.retain.bind(collector), retainQuery: collector.retainQuery.bind(collector) },
        };
      },
    };
  },
};

/**
 * Garbage collection of unretained data every `gc.intervalMs` (see docs/concepts.md#garbage-collection);
 * `createRest({ gc: false })` turns it off. In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const garbageCollection: RestFeature = feature;
