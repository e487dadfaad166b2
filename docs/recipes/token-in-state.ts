// #region recipe
import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, createResource, createRest } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

// The usual Redux Toolkit auth slice: the token belongs to the store, so each store (each user,
// each server-side render) sends its own.
export const auth = createSlice({
  name: 'auth',
  initialState: { token: null as string | null },
  reducers: {
    tokenReceived: (state, action: PayloadAction<string>) => {
      state.token = action.payload;
    },
    loggedOut: (state) => {
      state.token = null;
    },
  },
});
export const { tokenReceived, loggedOut } = auth.actions;
type AuthState = { auth: ReturnType<typeof auth.reducer> };

export class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  // `this.store` is the store running the request, as prepareHeaders' `{ getState }` in RTK
  // Query; a plain call has none.
  override getHeaders(headers: Record<string, string>) {
    const token = (this.store?.getState() as AuthState | undefined)?.auth.token;
    return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
  }
}

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
  Endpoint: AuthedEndpoint,
});

export const rest = createRest();
export function makeStore() {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, auth: auth.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}
type AppStore = ReturnType<typeof makeStore>;

const login = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/login',
  method: 'POST',
  body: {} as { username: string; password: string },
  process: (answer: { token: string }) => answer,
});

// A plain call: the answer goes to the auth slice, and never into rest's cache.
export async function logIn(store: AppStore, username: string, password: string): Promise<void> {
  const { token } = await login({ username, password });
  store.dispatch(tokenReceived(token));
}
// #endregion recipe
