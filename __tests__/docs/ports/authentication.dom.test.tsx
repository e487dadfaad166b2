/**
 * RTK Query's "authentication" example (a login form whose answer goes to an auth slice, a token
 * sent by `prepareHeaders(headers, { getState })`, and a button calling a protected endpoint)
 * ported by following only docs/migrating-from-rtk-query.md and the recipe it links
 * (docs/recipes/token-in-state.md): `prepareHeaders` → `getHeaders` reading `this.store`,
 * `useLoginMutation` / `useProtectedMutation` → `useMutation(endpoint)`, `.unwrap()` → `await`.
 * The example's router is a piece of state here: the login page until there is a user.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { ChangeEvent, ReactElement } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { RestEndpoint, createRest } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { useMutation } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { renderWith, settle, usePortEnvironment } from './support';

// ---- the port: data layer ----------------------------------------------------------------------

interface User {
  first_name: string;
  last_name: string;
}
interface UserResponse {
  user: User;
  token: string;
}

const auth = createSlice({
  name: 'auth',
  initialState: { user: null as User | null, token: null as string | null },
  reducers: {
    setCredentials: (state, { payload: { user, token } }: PayloadAction<UserResponse>) => {
      state.user = user;
      state.token = token;
    },
  },
});
const { setCredentials } = auth.actions;
type RootState = { auth: ReturnType<typeof auth.reducer> };

class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: Record<string, string>) {
    const token = (this.store?.getState() as RootState | undefined)?.auth.token;
    return token ? { ...headers, authorization: `Bearer ${token}` } : headers;
  }
}

const login = new AuthedEndpoint({
  path: '/login',
  method: 'POST',
  body: {} as { username: string; password: string },
  process: (answer: UserResponse) => answer,
});

const protectedEndpoint = new AuthedEndpoint({ path: '/protected', process: (answer: { message: string }) => answer });

function makeStore() {
  const rest = createRest({ gc: false });
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, auth: auth.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}

// ---- the port: components ----------------------------------------------------------------------

function ProtectedComponent() {
  const user = useSelector((state: RootState) => state.auth.user);
  const [attempt, { data, isLoading, error }] = useMutation(protectedEndpoint);
  return (
    <div>
      {user && <h1>Hello, {user.first_name}</h1>}
      <button disabled={isLoading} onClick={() => void attempt().catch(() => undefined)}>
        Make request to protected endpoint
      </button>
      {data && <p>{data.message}</p>}
      {error && <p role="alert">Error: {error.message}</p>}
    </div>
  );
}

function Login() {
  const dispatch = useDispatch();
  const [formState, setFormState] = useState({ username: '', password: '' });
  const [loginTrigger, { isLoading }] = useMutation(login);
  const [failed, setFailed] = useState(false);
  const handleChange = ({ target: { name, value } }: ChangeEvent<HTMLInputElement>) => setFormState((prev) => ({ ...prev, [name]: value }));
  return (
    <main>
      <input name="username" placeholder="Email" onChange={handleChange} />
      <input name="password" type="password" placeholder="Enter password" onChange={handleChange} />
      <button
        disabled={isLoading}
        onClick={async () => {
          try {
            dispatch(setCredentials(await loginTrigger(formState)));
            setFailed(false);
          } catch {
            setFailed(true);
          }
        }}
      >
        Login
      </button>
      {failed && <p role="alert">Oh no, there was an error!</p>}
    </main>
  );
}

// The example's router: `/login` until there is a user, then the private route's page.
function App() {
  const user = useSelector((state: RootState) => state.auth.user);
  return user ? <ProtectedComponent /> : <Login />;
}

// ---- the behaviour tests: a stub server that checks the bearer token ---------------------------

usePortEnvironment();

function server() {
  const net = stubFetch((url, init) => {
    const headers = new Headers(init.headers);
    if (url === '/login') {
      const { username } = JSON.parse(String(init.body)) as { username: string };
      if (username === 'blocked') return json({ message: 'Invalid credentials' }, 403);
      return json({ user: { first_name: 'Test', last_name: 'User' }, token: `token-of-${username}` });
    }
    if (url === '/protected') {
      const authorization = headers.get('authorization');
      return authorization ? json({ message: `Access granted to ${authorization}` }) : json({ message: 'You shall not pass' }, 401);
    }
    return json({ message: 'no route' }, 404);
  });
  return net;
}

const renderApp = (page: ReactElement = <App />) => renderWith(makeStore(), page);

async function logIn(username: string) {
  fireEvent.change(screen.getByPlaceholderText('Email'), { target: { name: 'username', value: username } });
  fireEvent.change(screen.getByPlaceholderText('Enter password'), { target: { name: 'password', value: 'secret' } });
  fireEvent.click(screen.getByText('Login'));
  await settle();
}

describe('RTK Query authentication example, ported: login, then a protected request with the token', () => {
  it('without a login, the protected request goes without a token and shows its error', async () => {
    const net = server();
    renderApp(<ProtectedComponent />);
    fireEvent.click(screen.getByText('Make request to protected endpoint'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Error: /protected: status 401');
    expect(net.calls()[0]!.headers.authorization).toBeUndefined();
  });

  it('logging in puts the user and token in the auth slice; the protected request then carries the token', async () => {
    const net = server();
    const store = renderApp();
    await logIn('ada');
    expect(screen.getByRole('heading').textContent).toBe('Hello, Test');
    expect(screen.queryByText('Login')).toBeNull();
    expect(store.getState().auth.token).toBe('token-of-ada');
    fireEvent.click(screen.getByText('Make request to protected endpoint'));
    await settle();
    expect(screen.getByText('Access granted to Bearer token-of-ada')).toBeTruthy();
    expect(net.calls().map(({ url, headers }) => [url, headers.authorization])).toEqual([
      ['/login', undefined],
      ['/protected', 'Bearer token-of-ada'],
    ]);
  });

  it('a refused login shows the error and stores no credentials', async () => {
    server();
    const store = renderApp();
    await logIn('blocked');
    expect(screen.getByRole('alert').textContent).toBe('Oh no, there was an error!');
    expect(store.getState().auth).toEqual({ user: null, token: null });
  });

  it('once the login page has unmounted, the token is in the auth slice only: the rest slice never kept the login answer', async () => {
    server();
    const store = renderApp();
    await logIn('ada');
    expect(screen.queryByPlaceholderText('Email')).toBeNull();
    expect(store.getState().auth.token).toBe('token-of-ada');
    expect(JSON.stringify(store.getState().rest)).not.toContain('token-of-ada');
  });
});
