/**
 * What the React leak suites (leak*.dom.test.tsx) share: a store without RTK's O(state) dev checks,
 * counters of store and environment listeners, and settling on real I/O turns under fake timers.
 */
import { configureStore } from '@reduxjs/toolkit';
import { act } from '@testing-library/react';
import { setImmediate as realSetImmediate } from 'node:timers';
import type { Rest } from '../redux/support';

const ENVIRONMENT_EVENTS = new Set(['online', 'offline', 'visibilitychange']);

/** The store of SPEC 6.4 without RTK's dev-only state checks (O(state) per dispatch; not under test). */
export function makeStore(rest: Rest) {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }).concat(rest.middleware),
  });
}

export type Store = ReturnType<typeof makeStore>;

/** Counts the store's live `subscribe` listeners (react-redux's and the hooks' own). */
export function countListeners(store: Store): { readonly live: number; readonly added: number } {
  const counts = { live: 0, added: 0 };
  const subscribe = store.subscribe;
  store.subscribe = (listener: () => void) => {
    const unsubscribe = subscribe(listener);
    counts.live += 1;
    counts.added += 1;
    let active = true;
    return () => {
      if (active) {
        active = false;
        counts.live -= 1;
      }
      unsubscribe();
    };
  };
  return counts;
}

/** Counts live online/offline/visibilitychange listeners on window and document (polling, 6.60–6.61). */
export function countEnvironmentListeners(): { readonly live: number; restore(): void } {
  const registered = new Set<{ target: EventTarget; type: string; listener: unknown }>();
  const spies = [window, document].flatMap((target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    return [
      jest.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        if (ENVIRONMENT_EVENTS.has(type) && listener) registered.add({ target, type, listener });
        add(type, listener, options);
      }),
      jest.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        for (const entry of registered) if (entry.target === target && entry.type === type && entry.listener === listener) registered.delete(entry);
        remove(type, listener, options);
      }),
    ];
  });
  return {
    get live() {
      return registered.size;
    },
    restore() {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

// jsdom's globals have no setImmediate, and fake timers replace the rest: Node's own
// setImmediate gives real I/O turns.
export async function settle(turns = 4): Promise<void> {
  await act(async () => {
    for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => realSetImmediate(resolve));
  });
}

export async function tick(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

