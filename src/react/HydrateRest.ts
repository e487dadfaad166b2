import { createElement, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Provider, useStore } from 'react-redux';
import type { Store } from 'redux';
import { installedIn } from '../redux';
import type { Rest } from '../redux/createRest';
import type { StoreLike } from './binding';

/**
 * Props of `HydrateRest` (see docs/server-rendering.md).
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export interface HydrateRestProps {
  /**
   * A slice of the rest reducer produced on the server (what `state[rest.reducerPath]` held there,
   * through JSON). Merged entity by entity and key by key, the newer `fetchedAt` winning, as
   * `rest.actions.rehydrated(slice)` does; pass the same object on every render.
   */
  slice: unknown;
  /** The instance the slice belongs to, for a store with several. @default the one instance installed in the store */
  rest?: Rest;
  children?: ReactNode;
}

/**
 * `useLayoutEffect` in the browser, `useEffect` on a server (React warns about a layout effect in a
 * server render before React 19; there it never runs anyway). A function, not a module-level
 * choice: a top-level conditional is a statement bundlers keep in every app of the React entry.
 */
function useLayoutEffectInBrowser(effect: () => void, deps: readonly unknown[]): void {
  (typeof window === 'undefined' ? useEffect : useLayoutEffect)(effect, deps);
}

/**
 * Merges a server-rendered slice into the store of the surrounding `<Provider>` (see
 * docs/server-rendering.md): by freshness, so data the tab fetched later is kept, and without
 * dispatching while rendering. Its children read the merged state from their first render (no
 * request for what the slice holds, no fallback, no mismatch with the server's HTML); the merge
 * is dispatched to the store in a layout effect, before the browser paints, so the rest of the
 * page sees it too.
 *
 * @example
 * ```tsx
 * // A route's client component, given the slice its server render produced:
 * <HydrateRest slice={slice}>
 *   <PostPage id={5} />
 * </HydrateRest>
 * ```
 */
export function HydrateRest({ slice, rest: given, children }: HydrateRestProps): ReactNode {
  const store = useStore() as StoreLike;
  const rest = given ?? restOf(store);
  const view = useMemo(() => mergedView(store, rest, slice), [store, rest, slice]);
  // Dispatched once per slice object: StrictMode's second effect run and re-renders do not merge again.
  const dispatched = useRef<{ store: StoreLike; slice: unknown } | undefined>(undefined);
  useLayoutEffectInBrowser(() => {
    if (dispatched.current?.store !== store || dispatched.current.slice !== slice) {
      dispatched.current = { store, slice };
      if (isSlice(slice)) store.dispatch(rest.actions.rehydrated(slice));
    }
    view.applied();
  }, [store, rest, slice, view]);
  return createElement(Provider, { store: view.store as unknown as Store, children });
}

function restOf(store: StoreLike): Rest {
  const instances = installedIn((action) => store.dispatch(action));
  if (instances.length === 1) return instances[0]!.rest as Rest;
  throw new Error(
    instances.length === 0
      ? '[rtk-rest] HydrateRest: the store of the surrounding <Provider> has no rtk-rest middleware. Add it with configureStore({ middleware: (getDefault) => getDefault().concat(rest.middleware) }).'
      : `[rtk-rest] HydrateRest: the store has ${instances.length} rtk-rest instances, so HydrateRest cannot choose one. Pass the slice's instance: <HydrateRest rest={rest} slice={slice}>.`,
  );
}

const isSlice = (slice: unknown): slice is Record<string, unknown> => typeof slice === 'object' && slice !== null;

/**
 * The store as the children see it: until the merge is dispatched, each state of the store with
 * the slice merged in by the instance's own reducer (the same pure merge the action will run),
 * one view per store state so that selectors see a stable snapshot; afterwards the store itself.
 */
function mergedView(store: StoreLike, rest: Rest, slice: unknown) {
  let pending = isSlice(slice);
  let seen: unknown;
  let merged: unknown;
  const view: StoreLike = {
    dispatch: (action) => store.dispatch(action),
    subscribe: (listener) => store.subscribe(listener),
    getState() {
      const root = store.getState();
      if (!pending || typeof root !== 'object' || root === null) return root;
      if (root !== seen) {
        seen = root;
        const live = (root as Record<string, unknown>)[rest.reducerPath];
        merged = { ...root, [rest.reducerPath]: rest.reducer(live as ReturnType<Rest['reducer']>, rest.actions.rehydrated(slice as Record<string, unknown>)) };
      }
      return merged;
    },
  };
  return {
    store: view,
    applied() {
      pending = false;
    },
  };
}
