/**
 * `rtk-rest/react` as a React Server Component sees it (the `react-server` export condition).
 * `HydrateRest` and `AsyncBoundary` are components a Server Component renders with plain props:
 * the build re-exports them from the 'use client' entry (.ci/use-client.mjs), so an RSC bundler
 * makes them client references. Hooks need client React (state, effects, context, a Redux store
 * that lives across renders), so each export here throws an error that says where to move the
 * call, instead of failing deep inside React. The core, `rtk-rest`, runs in a Server Component as
 * it is: prefetch on a store created for the request and hand `state[rest.reducerPath]` to
 * `<HydrateRest slice>`.
 */

function clientOnly(name: string, fix: string) {
  const unavailable = (): never => {
    throw new Error(`[rtk-rest] ${name} cannot run in a Server Component: it needs client React (a Redux store, state, effects). ${fix}`);
  };
  Object.defineProperty(unavailable, 'name', { value: name });
  return unavailable;
}

const inClient = "Call it in a Client Component (a file that starts with 'use client'); in a Server Component, await store.dispatch(rest.fetch(…)) on a store created for the request instead.";
export const createRestHooks = /* @__PURE__ */ clientOnly('createRestHooks', inClient);
export const useLoading = /* @__PURE__ */ clientOnly('useLoading', inClient);
export const useDebounce = /* @__PURE__ */ clientOnly('useDebounce', inClient);
export const useSuspense = /* @__PURE__ */ clientOnly('useSuspense', inClient);
export const useCache = /* @__PURE__ */ clientOnly('useCache', inClient);
export const useQuery = /* @__PURE__ */ clientOnly('useQuery', inClient);
export const useFetch = /* @__PURE__ */ clientOnly('useFetch', inClient);
export const useSubscription = /* @__PURE__ */ clientOnly('useSubscription', inClient);
export const useLive = /* @__PURE__ */ clientOnly('useLive', inClient);
export const useController = /* @__PURE__ */ clientOnly('useController', inClient);
export const useDLE = /* @__PURE__ */ clientOnly('useDLE', inClient);
export const useMutation = /* @__PURE__ */ clientOnly('useMutation', inClient);
export const usePaginated = /* @__PURE__ */ clientOnly('usePaginated', inClient);
export const useCancelling = /* @__PURE__ */ clientOnly('useCancelling', inClient);
