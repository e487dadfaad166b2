/**
 * Where polling learns whether the app is online and visible (see docs/concepts.md#polling). Injectable
 *, so Node and tests need no DOM: pass `createRest({ environment })`.
 */
export interface Environment {
  /** `false` while offline. */
  isOnline(): boolean;
  /** `false` while the document is hidden. */
  isVisible(): boolean;
  /**
   * Calls `onChange` whenever either answer may have changed, and with `'focus'` when the window
   * regains focus (`refetchOnFocus`); returns the function that stops listening.
   */
  listen(onChange: (event?: 'focus') => void): () => void;
}

/**
 * The default: `navigator.onLine`, `document.visibilityState` and their `online`, `offline` and
 * `visibilitychange` events, and the window's `focus` event, looked up at call time. Without `window` or `document`, always
 * online and visible, and nothing to listen to.
 */
export const browserEnvironment: Environment = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  listen(onChange) {
    const target = typeof window === 'undefined' ? undefined : window;
    const doc = typeof document === 'undefined' ? undefined : document;
    const changed = () => onChange();
    const focused = () => onChange('focus');
    target?.addEventListener('online', changed);
    target?.addEventListener('offline', changed);
    target?.addEventListener('focus', focused);
    doc?.addEventListener('visibilitychange', changed);
    return () => {
      target?.removeEventListener('online', changed);
      target?.removeEventListener('offline', changed);
      target?.removeEventListener('focus', focused);
      doc?.removeEventListener('visibilitychange', changed);
    };
  },
};

/** The timer functions polling and GC use (injectable, see docs/concepts.md#polling). */
export interface Timers {
  /** Schedules `callback` after `ms`; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a timer returned by `setTimeout`. */
  clearTimeout(timer: unknown): void;
}
