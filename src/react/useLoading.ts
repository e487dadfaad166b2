import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `[wrappedFn, loading, error]` for an async function, typically a mutation (see docs/concepts.md#hooks).
 * `wrappedFn` keeps its identity and calls the latest `asyncFn`; `loading` follows the most
 * recent call; `error` is its rejection, cleared when a new call starts. `wrappedFn` resolves
 * to the value, or to `undefined` when the call rejects. Calls superseded by a newer one do not
 * change `loading` or `error`, and nothing is set after unmount.
 *
 * @typeParam F - the async function's type; `wrappedFn` takes its parameters.
 * @example
 * const { fetch } = useController();
 * const [save, saving, error] = useLoading((title: string) => fetch(PostResource.partialUpdate, { group, id }, { title }));
 */
export function useLoading<F extends (...args: any[]) => Promise<any>>(
  asyncFn: F,
): [wrappedFn: (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>> | undefined>, loading: boolean, error: unknown] {
  const latest = useRef(asyncFn);
  latest.current = asyncFn;
  const [state, setState] = useState<{ loading: boolean; error: unknown }>(IDLE);
  const mounted = useRef(false);
  const lastCall = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const wrappedFn = useCallback(async (...args: Parameters<F>) => {
    const call = ++lastCall.current;
    const update = (next: { loading: boolean; error: unknown }) => {
      if (mounted.current && call === lastCall.current) setState(next);
    };
    update(LOADING);
    try {
      const value = await latest.current(...args);
      update(IDLE);
      return value;
    } catch (error) {
      update({ loading: false, error });
      return undefined;
    }
  }, []);
  return [wrappedFn, state.loading, state.error];
}

const IDLE = { loading: false, error: undefined };
const LOADING = { loading: true, error: undefined };
