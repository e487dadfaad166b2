import { useCallback, useMemo, useRef } from 'react';
import { useSelector } from 'react-redux';
import { isInactive } from '../redux';
import type { RestEndpoint } from '../rest';
import type { Binding } from './binding';

/** What a tracked answer remembers: the fields the component has read, and the latest selection. */
interface Tracker<T> {
  readonly read: Set<keyof T>;
  latest: T;
}

/**
 * `select`'s answer as an object whose fields record that the component read them; the component
 * re-renders only when a field it has read changes. `useDLE` offers nine fields, and most
 * components read two or three: without tracking, every background refetch (`isFetching`,
 * `fetchedAt`, `expiresAt`) would re-render every reader (see docs/concepts.md#hooks). `extra` (e.g. `refetch`) is
 * added as plain fields. The same object while no read field changed.
 */
export function useTrackedAnswer<T extends Record<string, unknown>, X extends object>(select: (state: unknown) => T, extra: X): T & X {
  const ref = useRef<Tracker<T>>(undefined);
  const tracker = (ref.current ??= { read: new Set(), latest: undefined as unknown as T });
  const answer = useSelector(
    (state: unknown) => (tracker.latest = select(state)),
    (a: T, b: T) => {
      for (const name of tracker.read) if (!Object.is(a[name], b[name])) return false;
      return true;
    },
  );
  return useMemo(() => trackedView(tracker, extra), [answer, extra]);
}

/** Getters over the latest selection: a field read for the first time is current, not the value of the last re-render. */
function trackedView<T extends Record<string, unknown>, X extends object>(tracker: Tracker<T>, extra: X): T & X {
  const view = {} as T & X;
  for (const name of Object.keys(tracker.latest) as (keyof T & string)[]) {
    Object.defineProperty(view, name, {
      enumerable: true,
      get() {
        tracker.read.add(name);
        return tracker.latest[name];
      },
    });
  }
  return Object.assign(view, extra);
}

/**
 * `refetch()` of a read hook: `rest.fetch` of the key now, fresh or not; the promise of the data,
 * or `undefined` while inactive. Its rejection is marked handled (the error is stored and shown by
 * the hook), so `onClick={refetch}` never logs an unhandled rejection; awaiting it still rejects.
 */
export function useRefetch({ store, rest }: Binding, request: { endpoint: RestEndpoint; args: unknown[]; key: string } | undefined, endpoint: RestEndpoint, args: unknown[]) {
  const latest = useRef({ endpoint, args });
  latest.current = { endpoint, args };
  return useCallback((): Promise<unknown> => {
    if (request === undefined) return Promise.resolve(undefined);
    const current = latest.current;
    // The latest render's endpoint (e.g. a hookified one with a new token) when it is for this key.
    const { endpoint, args } = !isInactive(current.args) && current.endpoint.key(...current.args) === request.key ? current : request;
    const promise = store.dispatch(rest.fetch(endpoint, ...args)) as Promise<unknown>;
    promise.catch(() => undefined);
    return promise;
  }, [store, rest, request]);
}
