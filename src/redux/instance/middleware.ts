import { runtimeProbe, INSTANCES_PROBE } from '../store/actions';
import type { RestContext } from './context';
import type { FeatureParts, FeatureThunks } from './feature';
import type { StoreRuntime } from './handlerContext';
import type { Middleware, UnknownAction } from '../rtk';
import { buildStoreHandlers } from './runtime';
import type { Selectors } from '../read/selectors';
import { initialState } from '../store/slice';

// The slice the handlers see as the state before when the store had none yet (its first action); a pure
// call, so the load of this module does nothing.
const UNMOUNTED = /* @__PURE__ */ initialState();

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
 * The middleware of one instance: a composer. It answers the probes (see docs/internals.md#actions),
 * registers once (notices a second instance on the same reducerPath, see docs/concepts.md#the-store),
 * runs the features' `prepare` steps, passes the action on to the reducer, then hands it to every
 * handler (runtime.ts) with the slice as it was before.
 */
export function buildMiddleware(ctx: RestContext, selectors: Selectors, thunks: FeatureThunks, features: readonly { readonly feature: string; readonly parts: FeatureParts }[], instance: () => object): Middleware {
  const probe = runtimeProbe(ctx.options.reducerPath);
  // Development only: the probe of the test suite's records (runtime.ts); production middleware never answers it.
  const records = process.env.NODE_ENV !== 'production' ? `${ctx.options.reducerPath}/internal/records` : undefined;
  const { middlewareRegistered } = ctx.actions;
  const { reducerPath } = ctx.options;
  return (api) => {
    const store = buildStoreHandlers(ctx, api, selectors, thunks, features);
    const { runtime, prepare, handlers } = store;
    runtimes.add(runtime);
    let list = installed.get(api);
    if (list === undefined) installed.set(api, (list = []));
    list.push({ rest: instance(), runtime });
    const all = list;
    let registered = false;
    return (next) => (action) => {
      const type = (action as UnknownAction | undefined)?.type;
      if (type === probe) return runtime;
      if (type === INSTANCES_PROBE) return all;
      if (process.env.NODE_ENV !== 'production' && type === records) return store.records;
      if (!registered) {
        // The check comes first: a statement before it would be merged into its condition by
        // minifiers, which then keep the dead branch (and its message) in production bundles.
        if (process.env.NODE_ENV !== 'production' && (api.dispatch({ type: probe }) as unknown) !== runtime) {
          throw new Error(
            `rtk-rest: two rtk-rest middlewares for reducerPath "${reducerPath}" in one store. Add each instance's middleware once, and give each instance its own reducerPath.`,
          );
        }
        registered = true;
        api.dispatch(middlewareRegistered());
      }
      // A slice not mounted yet (combineSlices' lazy inject) has nothing before it for the handlers.
      const mounted = (api.getState() as Record<string, unknown> | undefined)?.[reducerPath] !== undefined;
      const before = mounted ? ctx.slice(api.getState()) : undefined;
      let forwarded = action as UnknownAction;
      if (before !== undefined) for (const step of prepare) forwarded = step(forwarded, api, before);
      const result = next(forwarded);
      for (const handle of handlers) handle(forwarded, api, before ?? UNMOUNTED);
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
