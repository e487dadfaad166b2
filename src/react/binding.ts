import { installedIn, runtimeOf } from '../redux';
import type { HookRuntime, Rest } from '../redux';

/** What react-redux's `useStore()` returns, as far as the hooks use it. */
export interface StoreLike {
  dispatch(action: any): any;
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

/** One store's rtk-rest instance, as the hooks use it: the public instance and the store's runtime (requests, retention). */
export interface Binding {
  readonly store: StoreLike;
  readonly rest: Rest;
  readonly runtime: HookRuntime;
}

/** Finds the binding of a store (once per store, see docs/concepts.md#hooks). */
export type BindingOf = (store: StoreLike) => Binding;

/**
 * The binding of the one instance whose middleware is installed in the store (see docs/concepts.md#hooks): an
 * error naming the fix when there is none or more than one.
 */
export function installedBinding(): BindingOf {
  const found = new WeakMap<StoreLike, Binding>();
  return (store) => {
    let binding = found.get(store);
    if (binding !== undefined) return binding;
    const instances = installedIn((action) => store.dispatch(action));
    if (instances.length === 0) {
      // The message says what is missing (docs/concepts.md#hooks); the fix is `getDefault().concat(rest.middleware)` in configureStore.
      throw new Error('rtk-rest: no rtk-rest middleware in this store');
    }
    if (instances.length > 1) {
      const paths = instances.map(({ rest }) => `"${(rest as Rest).reducerPath}"`).join(', ');
      throw new Error(
        `rtk-rest: this store has ${instances.length} rtk-rest instances (reducerPaths ${paths}), so the hooks of 'rtk-rest/react' cannot choose one.${process.env.NODE_ENV !== 'production' ? ' Bind hooks to one instance with createRestHooks(rest), e.g. export const { useSuspense, useDLE } = createRestHooks(rest).' : ''}`,
      );
    }
    const { rest, runtime } = instances[0]!;
    found.set(store, (binding = { store, rest: rest as Rest, runtime }));
    return binding;
  };
}

/** The binding of a given instance in any store that installed its middleware (`createRestHooks`, see docs/concepts.md#hooks). */
export function instanceBinding(rest: Rest): BindingOf {
  const found = new WeakMap<StoreLike, Binding>();
  return (store) => {
    let binding = found.get(store);
    if (binding === undefined) {
      const runtime = runtimeOf((action) => store.dispatch(action), rest.reducerPath);
      found.set(store, (binding = { store, rest, runtime }));
    }
    return binding;
  };
}
