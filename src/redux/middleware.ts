import { runtimeProbe, INSTANCES_PROBE } from './actions';
import type { RestContext } from './context';
import type { FeatureImpl } from './feature';
import type { StoreRuntime } from './handlerContext';
import type { Middleware, UnknownAction } from './rtk';
import { buildStoreHandlers } from './runtime';
import type { Selectors } from './selectors';
import { buildReducer } from './slice';

/** One installed instance of a store: the public object and the store's runtime for it. */
export interface InstalledRest {
  readonly rest: object;
  readonly runtime: StoreRuntime;
}

/**
 * Installed instances per store. Redux hands every middleware of a store the same
 * `middlewareAPI` object, so it identifies the store without a reducer ever seeing a probe.
 */
const installed = new WeakMap<object, InstalledRest[]>();
/** Every runtime a middleware built: how `runtimeOf` tells a probe's answer from anything else. */
const runtimes = new WeakSet<object>();

/**
 * The middleware of one instance: a composer of the store's handlers and the
 * features it was built with (see runtime.ts). It answers the thunks' probe with this store's runtime (see docs/internals.md#actions), registers once
 *, notices a second instance on the same reducerPath (see docs/concepts.md#the-store), lets the optimistic layers
 * recompute inside base changes (see docs/concepts.md#optimistic-updates), writes the entity changes into the action, and
 * hands every action to the handlers after the reducer.
 */
export function buildMiddleware(ctx: RestContext, selectors: Selectors, features: readonly FeatureImpl[]): Middleware {
  const probe = runtimeProbe(ctx.options.reducerPath);
  const { middlewareRegistered } = ctx.actions;
  // The base as the features compute it (the optimistic layers recompute against it).
  const reducer = buildReducer(ctx.actions, ctx.parts);
  const { annotate } = ctx.parts;
  const prefix = `${ctx.options.reducerPath}/`;
  return (api) => {
    const { runtime, after, optimistic, start } = buildStoreHandlers(ctx, api, selectors, reducer, features);
    runtimes.add(runtime);
    let list = installed.get(api);
    if (list === undefined) installed.set(api, (list = []));
    list.push({ rest: ctx.instance ?? {}, runtime });
    const store = list;
    let registered = false;
    return (next) => (action) => {
      const type = (action as UnknownAction | undefined)?.type;
      if (type === probe) return runtime;
      if (type === INSTANCES_PROBE) return store;
      if (!registered) {
        // The check comes first: a statement before it would be merged into its condition by
        // minifiers, which then keep the dead branch (and its message) in production bundles.
        if (process.env.NODE_ENV !== 'production' && (api.dispatch({ type: probe }) as unknown) !== runtime) {
          throw new Error(
            `rtk-rest: two rtk-rest middlewares for reducerPath "${ctx.options.reducerPath}" in one store. Add each instance's middleware once, and give each instance its own reducerPath.`,
          );
        }
        registered = true;
        api.dispatch(middlewareRegistered());
        start();
      }
      const received = action as UnknownAction;
      // Base changes carry the recomputed optimistic layers (see docs/concepts.md#optimistic-updates).
      if (optimistic.active && typeof type === 'string' && type.startsWith(prefix)) {
        action = optimistic.enrich(action as UnknownAction, ctx.slice(api.getState()));
      }
      // Entity changes, for matchEntitiesChanged (the entityChanges feature), written before any reducer runs.
      annotate?.(received, action as UnknownAction, api.getState());
      const result = next(action);
      for (const handle of after) handle(action as UnknownAction);
      return result;
    };
  };
}

/** The store's runtime, through the probe; throws when the middleware is missing (see docs/concepts.md#the-store). */
export function runtimeOf(dispatch: (action: UnknownAction) => unknown, reducerPath: string): StoreRuntime {
  const found = dispatch({ type: runtimeProbe(reducerPath) });
  if (typeof found === 'object' && found !== null && runtimes.has(found)) return found as StoreRuntime;
  throw new Error(
    `rtk-rest: the middleware for reducerPath "${reducerPath}" is not installed. Add it with configureStore({ middleware: (getDefault) => getDefault().concat(rest.middleware) }).`,
  );
}

/** The instances whose middleware is installed in the store behind `dispatch` (see docs/concepts.md#hooks); empty when none. */
export function installedIn(dispatch: (action: UnknownAction) => unknown): readonly InstalledRest[] {
  const found = dispatch({ type: INSTANCES_PROBE });
  return Array.isArray(found) ? (found as InstalledRest[]) : [];
}
