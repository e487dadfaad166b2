// #region recipe
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import type { Storage } from 'redux-persist';
import { Entity, createRest, createResource } from 'rtk-rest';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({ urlPrefix: 'https://api.example.com', path: '/posts/:id', schema: Post });

export const rest = createRest();

const rootReducer = combineReducers({ [rest.reducerPath]: rest.reducer });

/** A store whose rtk-rest slice is saved to `storage` (e.g. `redux-persist/lib/storage`) and merged back on start. */
export function makePersistedStore(storage: Storage) {
  const reducer = persistReducer({ key: 'root', storage, whitelist: [rest.reducerPath] }, rootReducer);
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry callbacks: the setup Redux Toolkit's docs give.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(rest.middleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}
// #endregion recipe
