/** Shared setup of the `rtk-rest/mock` tests: the running example's params, a store, and hooks that restore `fetch`. */
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';

export const p5 = { group: 'react', id: 5 } as const;
export const post5 = { id: 5, title: 'hi', author: { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } };

/**
 * Restores `globalThis.fetch`, real timers and spies after each test, and silences
 * `console.warn` during each one; `warn()` is the current test's spy.
 */
export function useMockTestHooks(): { warn: () => jest.SpyInstance } {
  const realFetch = globalThis.fetch;
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  return { warn: () => spy! };
}

/** A store as an app builds it (configureStore defaults), with gc off so no sweep timer outlives a test. */
export function setup() {
  const rest = createRest({ gc: false });
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
  return { rest, store };
}

export { rejectionOf } from '../support/fetch';
