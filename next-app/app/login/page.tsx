/**
 * A plain HTML form: it works before (and without) JavaScript. The session route logs in at the
 * REST server and keeps the token in an httpOnly cookie.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string; expired?: string }> }) {
  const { error, expired } = await searchParams;
  return (
    <form method="post" action="/session" className="login">
      <h2>Log in</h2>
      {error !== undefined && <p role="alert" className="error">Wrong username or password.</p>}
      {expired !== undefined && <p role="alert" className="error">Your session expired. Log in again.</p>}
      <label>
        Username <input name="username" autoComplete="username" />
      </label>{' '}
      <label>
        Password <input name="password" type="password" autoComplete="current-password" />
      </label>{' '}
      <button type="submit">Log in</button>
      <p className="meta">ada, grace, alan or margaret; the password is “password”.</p>
    </form>
  );
}
