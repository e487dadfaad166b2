import { configureStore } from '@reduxjs/toolkit';
import { createRest, NetworkError } from 'rtk-rest';
import { clearSession, loggedOut, session } from './api/session';
import { setCurrentUser } from './api/resources';

export const rest = createRest({
  // A 401 means the token expired or was revoked: forget it, say so, and drop cached data.
  onUnauthorized: (error, api) => {
    clearSession();
    setCurrentUser(undefined);
    api.dispatch(loggedOut({ notice: error instanceof NetworkError ? 'Your session expired. Log in again.' : 'Please log in again.' }));
    api.dispatch(rest.resetEntireStore());
  },
});

export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer, session: session.reducer },
  middleware: (getDefault) => getDefault().concat(rest.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
