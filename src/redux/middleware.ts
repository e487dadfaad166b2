import { controllerProbe, INSTANCES_PROBE } from './actions';
import type { RestContext } from './context';
import { Controller } from './controller';
import type { Middleware, UnknownAction } from './rtk';
import type { Selectors } from './selectors';
import type { EntityChanges } from './entityChanges';
import { buildReducer } from './slice';

/**
 * The middleware of one instance: a composer (STYLE.md). It answers the thunks' probe with this
 * store's controller (SPEC 6.14), registers once (6.9), notices a second instance on the same
 * reducerPath (6.8), and drops in-flight requests after a reset (6.69).
 */
/** One installed instance of a store: the public object and the store's controller for it. */
export interface InstalledRest {
  readonly rest: object;
  readonly controller: Controller;
}

/**
 * Installed instances per store. Redux hands every middleware of a store the same
 * `middlewareAPI` object, so it identifies the store without a reducer ever seeing a probe.
 */
const installed = new WeakMap<object, InstalledRest[]>();

export function buildMiddleware(ctx: RestContext, selectors: Selectors, changes: EntityChanges): Middleware {
  const probe = controllerProbe(ctx.options.reducerPath);
  const { middlewareRegistered, resetEntireStore, invalidate, gc } = ctx.actions;
  const reducer = buildReducer(ctx.actions);
  const prefix = `${ctx.options.reducerPath}/`;
  return (api) => {
    const controller = new Controller(ctx, api, selectors, reducer);
    let list = installed.get(api);
    if (list === undefined) installed.set(api, (list = []));
    list.push({ rest: ctx.instance ?? {}, controller });
    const store = list;
    let registered = false;
    return (next) => (action) => {
      const type = (action as UnknownAction | undefined)?.type;
      if (type === probe) return controller;
      if (type === INSTANCES_PROBE) return store;
      if (!registered) {
        // The check comes first: a statement before it would be merged into its condition by
        // minifiers, which then keep the dead branch (and its message) in production bundles.
        if (process.env.NODE_ENV !== 'production' && (api.dispatch({ type: probe }) as unknown) !== controller) {
          throw new Error(
            `rtk-rest: two rtk-rest middlewares for reducerPath "${ctx.options.reducerPath}" in one store. Add each instance's middleware once, and give each instance its own reducerPath.`,
          );
        }
        registered = true;
        api.dispatch(middlewareRegistered());
        controller.gc?.start();
      }
      const received = action as UnknownAction;
      // Base changes carry the recomputed optimistic layers (SPEC 6.51).
      if (controller.optimistic.active && typeof (action as UnknownAction).type === 'string' && (action as UnknownAction).type.startsWith(prefix)) {
        action = controller.optimistic.enrich(action as UnknownAction, ctx.slice(api.getState()));
      }
      // Entity changes, for matchEntitiesChanged (issue 17.2), written before any reducer runs.
      changes.annotate(received, action as UnknownAction, api.getState());
      const result = next(action);
      if (resetEntireStore.match(action)) controller.onReset();
      else if (invalidate.match(action)) controller.onInvalidate(action.payload.keys);
      else if (gc.match(action)) controller.forget(action.payload.keys);
      else {
        const key = writtenKey(action);
        if (key !== undefined) controller.polling.written(key);
      }
      return result;
    };
  };
}

/** The key whose `meta.date` an action moves (fetch outcomes, setResponse, setError), if any. */
function writtenKey(action: unknown): string | undefined {
  const meta = (action as { meta?: { key?: unknown; date?: unknown } } | undefined)?.meta;
  return meta !== undefined && typeof meta.key === 'string' && typeof meta.date === 'number' ? meta.key : undefined;
}

/** The store's controller, through the probe; throws when the middleware is missing (SPEC 6.6). */
export function controllerOf(dispatch: (action: UnknownAction) => unknown, reducerPath: string): Controller {
  const found = dispatch({ type: controllerProbe(reducerPath) });
  if (found instanceof Controller) return found;
  throw new Error(
    `rtk-rest: the middleware for reducerPath "${reducerPath}" is not installed. Add it with configureStore({ middleware: (getDefault) => getDefault().concat(rest.middleware) }).`,
  );
}

/** The instances whose middleware is installed in the store behind `dispatch` (SPEC 7.1); empty when none. */
export function installedIn(dispatch: (action: UnknownAction) => unknown): readonly InstalledRest[] {
  const found = dispatch({ type: INSTANCES_PROBE });
  return Array.isArray(found) ? (found as InstalledRest[]) : [];
}
