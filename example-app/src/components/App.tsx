import { useDispatch, useSelector } from 'react-redux';
import { AsyncBoundary, useController } from 'rtk-rest/react';
import { logout, setCurrentUser } from '../api/resources';
import { clearSession, loggedOut } from '../api/session';
import type { RootState } from '../store';
import { FailSwitch } from './FailSwitch';
import { LoginForm } from './LoginForm';
import { NewPost } from './NewPost';
import { PostList } from './PostList';
import { StatsWidget } from './StatsWidget';

const GROUP = 'react';

function Retry({ error, resetErrorBoundary }: { error: Error; resetErrorBoundary: () => void }) {
  return (
    <div role="alert" className="error">
      Could not load this part: {error.message} <button onClick={resetErrorBoundary}>Try again</button>
    </div>
  );
}

export function App() {
  const { user, notice } = useSelector((state: RootState) => state.session);
  const dispatch = useDispatch();
  const ctrl = useController();
  const onLogout = async () => {
    try {
      await logout();
    } catch {
      /* logging out locally is enough */
    }
    clearSession();
    setCurrentUser(undefined);
    dispatch(loggedOut({}));
    ctrl.resetEntireStore();
  };
  return (
    <main>
      <header>
        <h1>rtk-rest example</h1>
        <AsyncBoundary fallback={<aside className="stats">Loading stats…</aside>} errorComponent={Retry}>
          <StatsWidget />
        </AsyncBoundary>
      </header>
      <section className="session" aria-label="Session">
        {user ? (
          <p>
            Signed in as <strong data-testid="user">{user.displayName || user.username}</strong> <button onClick={() => void onLogout()}>Log out</button>
          </p>
        ) : (
          <LoginForm />
        )}
        {notice && !user && (
          <p role="status" className="notice">
            {notice}
          </p>
        )}
        {user && <FailSwitch />}
      </section>
      {user && <NewPost group={GROUP} />}
      {/* Messages belong to a session: a new key on login and logout remounts the posts, so no
          error, open edit or pending message of the previous user stays on screen. */}
      <AsyncBoundary key={user ? `user-${user.id}` : 'guest'} fallback={<p className="loading">Loading posts…</p>} errorComponent={Retry}>
        <PostList group={GROUP} canWrite={user !== null} />
      </AsyncBoundary>
    </main>
  );
}
