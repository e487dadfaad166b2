/**
 * Node has no `requestIdleCallback`, so Data Client's NetworkManager (@data-client/core 0.10,
 * `state/RIC.ts`) starts every GET in `setTimeout(fn, 0)`: at least 1 ms of timer latency per
 * request, which would hide its store work entirely. This shim, imported before
 * `@data-client/core` (which captures the function when it loads), runs the callback with
 * `setImmediate` (no minimum delay) by default, or with `setTimeout(fn, 0)` when `idle.mode` is
 * `'timeout'`, i.e. as shipped in Node. See bench/README.md, "Store".
 */
export const idle = { mode: 'immediate' as 'immediate' | 'timeout', calls: 0 };

const scope = globalThis as { requestIdleCallback?: (callback: () => void) => unknown };
if (typeof scope.requestIdleCallback !== 'function') {
  scope.requestIdleCallback = (callback) => {
    idle.calls++;
    return idle.mode === 'immediate' ? setImmediate(callback) : setTimeout(callback, 0);
  };
}
