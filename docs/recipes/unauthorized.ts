// #region recipe
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import { setAccessToken } from './access-token';

export const session = createSlice({
  name: 'session',
  initialState: { expired: false },
  reducers: {
    expired(state) {
      state.expired = true;
    },
  },
});

export const rest = createRest({
  // Called when a store request (read, mutation or poll) answers 401: after the failure is
  // committed, before the request's promise rejects. Plain endpoint calls never call it.
  onUnauthorized: (_error, { dispatch }) => {
    setAccessToken(undefined); // stop sending the dead token
    dispatch(session.actions.expired()); // the UI shows the login form again
    dispatch(rest.resetEntireStore()); // forget what this user was allowed to see
  },
});

export function makeStore() {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, session: session.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}
// #endregion recipe
