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
// #endregion recipe
