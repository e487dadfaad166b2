// #region recipe
import { configureStore } from '@reduxjs/toolkit';
import { Entity, createResource, createRest } from 'rtk-rest';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

// The API root of the signed-in customer: its own host, a path on a shared host (GitHub
// Enterprise's `https://ghe.example.com/api/v3`), or a local server on `http`. Not exported:
// every change goes through switchApiRoot, which also forgets the previous customer's data.
let apiRoot = 'https://acme.example.com';

// A function: called for every URL and key, so url(), key(), testKey() and the request all
// use the root of that moment. Every member and extender (getList.push, getPage…) shares it.
export const PostResource = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => apiRoot });

export const rest = createRest();

export function makeStore() {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}
type AppDispatch = ReturnType<typeof makeStore>['dispatch'];

// store.dispatch(switchApiRoot('https://globex.example.com')). The store keeps one table per
// entity type, keyed by pk: two customers' post 5 would be one stored Post. So a switch
// empties the store, and requests still in flight for the old root are dropped. The root
// changes first, so nothing the reset restarts (a stream, a poll) asks the old one.
export const switchApiRoot = (root: string) => (dispatch: AppDispatch) => {
  if (root === apiRoot) return;
  apiRoot = root;
  dispatch(rest.resetEntireStore());
};
// #endregion recipe
