import { useState } from 'react';
import type { FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { NetworkError } from 'rtk-rest';
import { useLoading } from 'rtk-rest/react';
import { login, setCurrentUser } from '../api/resources';
import { loggedIn, saveSession } from '../api/session';
import type { SessionUser } from '../api/session';

/** Username and password, sent as a form; the token goes to the session module, not the store. */
export function LoginForm() {
  const dispatch = useDispatch();
  const [username, setUsername] = useState('ada');
  const [password, setPassword] = useState('');
  const [submit, loading, error] = useLoading(async (form: FormData) => {
    const answer = (await login(form)) as { accessToken: string; user: SessionUser };
    saveSession({ accessToken: answer.accessToken, user: answer.user });
    setCurrentUser(answer.user);
    dispatch(loggedIn(answer.user));
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(new FormData(event.currentTarget));
  };
  return (
    <form className="login" onSubmit={onSubmit} aria-label="Log in">
      <label>
        Username <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" />
      </label>
      <label>
        Password <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
      </label>
      <button type="submit" disabled={loading}>
        {loading ? 'Logging in…' : 'Log in'}
      </button>
      <span className="hint">Try ada / password</span>
      {error !== undefined && <p role="alert" className="error">{error instanceof NetworkError && error.status === 401 ? 'Wrong username or password.' : `Could not log in: ${(error as Error).message}`}</p>}
    </form>
  );
}
