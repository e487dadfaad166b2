'use client';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RestScripts } from 'rtk-rest/next';
import { makeStore } from '../lib/api';
import type { AppStore } from '../lib/api';

/**
 * The client store: one per tab in the browser, and one per request in the server render of
 * Client Components (each request renders a new instance of this component). Created once in a
 * ref, so re-renders and client navigations keep the tab's cache; each page merges the slice its
 * Server Component fetched into it (`<HydrateRest slice>`, rendered by the page itself).
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const store = useRef<AppStore | null>(null);
  if (store.current === null) store.current = makeStore();
  return (
    <Provider store={store.current}>
      <RestScripts>{children}</RestScripts>
    </Provider>
  );
}
