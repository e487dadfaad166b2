'use client';
import Link from 'next/link';
import { useSuspense } from 'rtk-rest/react';
import { PostResource } from '../lib/api';

/**
 * The group's newest posts with their likes. On a page whose Server Component fetched the list,
 * the data is in the store from the first render: no request, no fallback, the server's HTML.
 */
export function PostList({ group, current }: { group: string; current?: number }) {
  const posts = useSuspense(PostResource.getList, { group });
  return (
    <ul className="posts" data-testid="post-list">
      {posts.map((post) => (
        <li key={post.id} data-testid={`list-post-${post.id}`} className={post.id === current ? 'current' : undefined}>
          <Link href={`/posts/${post.id}`}>
            <span className="title">{post.title}</span>
          </Link>{' '}
          <span className="meta">
            by {post.author.displayName} · ♥ <span className="likes">{post.likeCount}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
