import { isDev } from '../internal/env';
import { controllerProbe } from './actions';
import type { RestContext } from './context';
import { Controller } from './controller';
import type { Middleware, UnknownAction } from './rtk';
import type { Selectors } from './selectors';
import { buildReducer } from './slice';

/**
 * The middleware of one instance: a composer (STYLE.md). It answers the thunks' probe with this
 * store's controller (SPEC 6.14), registers once (6.9), notices a second instance on the same
 * reducerPath (6.8), and drops in-flight requests after a reset (6.69).
 */
export function buildMiddleware(ctx: RestContext, selectors: Selectors): Middleware {
  const probe = controllerProbe(ctx.options.reducerPath);
  const { middlewareRegistered, resetEntireStore } = ctx.actions;
  const reducer = buildReducer(ctx.actions);
  const prefix = `${ctx.options.reducerPath}/`;
  return (api) => {
    const controller = new Controller(ctx, api, selectors, reducer);
    let registered = false;
    return (next) => (action) => {
      if ((action as UnknownAction | undefined)?.type === probe) return controller;
      if (!registered) {
        registered = true;
        if (isDev && (api.dispatch({ type: probe }) as unknown) !== controller) {
          throw new Error(
            `rtk-rest: two rtk-rest middlewares for reducerPath "${ctx.options.reducerPath}" in one store. Add each instance's middleware once, and give each instance its own reducerPath.`,
          );
        }
        api.dispatch(middlewareRegistered());
        controller.gc?.start();
      }
      // Base changes carry the recomputed optimistic layers (SPEC 6.51).
      if (controller.optimistic.active && typeof (action as UnknownAction).type === 'string' && (action as UnknownAction).type.startsWith(prefix)) {
        action = controller.optimistic.enrich(action as UnknownAction, ctx.slice(api.getState()));
      }
      const result = next(action);
      if (resetEntireStore.match(action)) controller.onReset();
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
