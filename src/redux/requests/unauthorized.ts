import { NetworkError } from '../../rest';
import type { HandlerContext } from '../instance/handlerContext';

/**
 * HTTP 401 handling (see docs/recipes/unauthorized.md): a request that failed with 401 calls the app's
 * `onUnauthorized` after its rejection is committed and before its promise rejects. Without one a
 * 401 is an error like any other: one unrelated endpoint's 401 must not empty what other screens
 * show, so wiping the cache is the app's choice. Returns `undefined` whenever there is nothing to
 * call, so that those errors reject without waiting a tick.
 */
export function buildUnauthorizedHandler({ rest, api }: Pick<HandlerContext, 'rest' | 'api'>): (error: unknown) => Promise<void> | undefined {
  const { dispatch, getState } = api;
  const onUnauthorized = rest.onUnauthorized;
  return (error) => {
    if (onUnauthorized === undefined || !(error instanceof NetworkError && error.status === 401)) return undefined;
    return (async () => {
      try {
        await onUnauthorized(error, { dispatch, getState });
      } catch (handlerError) {
        if (process.env.NODE_ENV !== 'production') console.error('[rtk-rest] onUnauthorized threw', handlerError);
      }
    })();
  };
}
