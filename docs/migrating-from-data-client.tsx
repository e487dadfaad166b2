// The code of migrating-from-data-client.md: each region below is one code block of the page,
// in order. __tests__/docs checks that they match and exercises them.

// #region provider
import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createRest } from 'rtk-rest';

export const rest = createRest({
  dataExpiryLength: 60_000,
  errorExpiryLength: 1_000,
  // What a LogoutManager did: on 401, drop everything (without this, a 401 is an error like any other).
  onUnauthorized: (_error, { dispatch }) => {
    dispatch(rest.resetEntireStore());
  },
});

// What a custom Manager did: react to the library's actions.
export const failures: string[] = [];
const listener = createListenerMiddleware();
listener.startListening({
  matcher: rest.actions.fetchRejected.match,
  effect: (action) => {
    if (action.error) failures.push(`${action.meta.endpoint}: ${action.error.message}`);
  },
});

export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer },
  middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(rest.middleware),
});

// Replaces <DataProvider>: the hooks of rtk-rest/react find the store through react-redux.
export function Root({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
// #endregion provider
