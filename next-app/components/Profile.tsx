'use client';
import { useSuspense } from 'rtk-rest/react';
import { getMe, PostResource } from '../lib/api';

/**
 * The signed-in user's page. Both reads were fetched by the Server Component with the user's
 * token (the browser has no token to send: the session cookie is httpOnly and only this app's
 * server reads it), so they render from the hydrated slice.
 */
export function Profile() {
  const me = useSuspense(getMe);
  const posts = useSuspense(PostResource.getList, { group: 'react', author: me.username });
  return (
    <section data-testid="profile">
      <h2>
        Signed in as <span data-testid="me">{me.displayName}</span> (@{me.username})
      </h2>
      <h3>Your posts in react</h3>
      <ul className="posts" data-testid="my-posts">
        {posts.map((post) => (
          <li key={post.id}>{post.title}</li>
        ))}
      </ul>
      <form method="post" action="/session/logout">
        <button type="submit">Log out</button>
      </form>
    </section>
  );
}
