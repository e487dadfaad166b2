'use client';
import { useSuspense } from 'rtk-rest/react';
import { getSlowPosts } from '../lib/api';

/** An author's posts from a read the REST server answers late; it suspends until then. */
export function SlowPosts({ author }: { author: string }) {
  const posts = useSuspense(getSlowPosts, { group: 'react', author });
  return (
    <ul className="posts" data-testid="slow-posts">
      {posts.map((post) => (
        <li key={post.id}>
          {post.title} <span className="meta">♥ {post.likeCount}</span>
        </li>
      ))}
    </ul>
  );
}
