// #region recipe
import { RestEndpoint } from 'rtk-rest';
import { setAccessToken } from './access-token';

// No path parameters and a body, so it is called as login(form). No schema: the JSON answer is
// returned as parsed; `process` only gives it a type.
export const login = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/login',
  method: 'POST',
  body: {} as FormData,
  process: (answer: { accessToken: string }) => answer,
});

export async function logIn(username: string, password: string): Promise<void> {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  // A plain call, not rest.fetch: the answer (and so the token) never passes through the store.
  const { accessToken } = await login(form);
  setAccessToken(accessToken);
}

// RealWorld-style: the answer is the signed-in user, token included. Through the store, a
// mutation's answer goes to its caller only; `process` hands the token over and returns the user.
export interface SignedIn {
  username: string;
  email: string;
}
export const signIn = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/users/login',
  method: 'POST',
  body: {} as { email: string; password: string },
  process: ({ accessToken, ...user }: SignedIn & { accessToken: string }): SignedIn => (setAccessToken(accessToken), user),
});
// const user = await store.dispatch(rest.fetch(signIn, { email, password })); // the token in no action, nowhere in the state
// #endregion recipe

