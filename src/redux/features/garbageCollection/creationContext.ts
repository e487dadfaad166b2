/** Node's `AsyncResource`, as far as it is used here. */
interface AsyncScope {
  runInAsyncScope(run: () => void): void;
}

/**
 * Returns a function that runs `run` in the async context current at this call, the creation of
 * the rest instance (usually a module's top level); where there is no Node `AsyncResource` (a
 * browser, Node before 20.16) it just calls `run`.
 *
 * Why: a store's sweep timer re-arms itself for as long as the store lives, and Node runs a timer
 * in the async context it was armed in. A store made inside a server render (a Client
 * Component's `useState(() => makeStore())`, a Server Component) would arm it in the render's
 * context, which holds React's request, its element tree and so the store: the timer would keep
 * the store alive, and the store the timer. Armed in the instance's context, it holds no render.
 */
export function inCreationContext(): (run: () => void) => void {
  const node = globalThis as { process?: { getBuiltinModule?: (id: string) => { AsyncResource?: new (type: string) => AsyncScope } | undefined } };
  const AsyncResource = node.process?.getBuiltinModule?.('node:async_hooks')?.AsyncResource;
  const scope = AsyncResource && new AsyncResource('rtk-rest');
  return (run) => (scope ? scope.runInAsyncScope(run) : run());
}
