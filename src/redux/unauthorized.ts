import { NetworkError } from '../rest';
import type { HandlerContext } from './handlerContext';

/**
 * HTTP 401 handling (see docs/recipes/unauthorized.md): a request that failed with 401 calls `onUnauthorized` (by
 * default a reset) after its rejection is committed and before its promise rejects. Returns
 * `undefined` for every other error, so that those reject without waiting a tick.
 */
export function buildUnauthorizedHandler({ rest, api }: Pick<HandlerContext, 'rest' | 'api'>): (error: unknown) => Promise<void> | undefined {
  const { dispatch, getState } = api;
  return (error) => {
    if (!(error instanceof NetworkError && error.status === 401)) return undefined;
    return (async () => {
      try {
        await rest.onUnauthorized(error, { dispatch, getState });
      } catch (handlerError) {
        if (process.env.NODE_ENV !== 'production') console.error('[rtk-rest] onUnauthorized threw', handlerError);
      }
    })();
  };
}
