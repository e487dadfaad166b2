'use client';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useSuspense } from 'rtk-rest/react';
import { PostResource } from '../lib/api';

/**
 * One post with a like button and a title editor. A like or an edit is a mutation in the
 * browser (through this app's /rest route, which adds the session's token); its answer is
 * normalized into the store, so the list beside it shows the new count or title too.
 */
export function PostDetail({ group, id }: { group: string; id: number }) {
  const post = useSuspense(PostResource.get, { group, id });
  const [like, liking] = useMutation(PostResource.like);
  const [update, saving] = useMutation(PostResource.partialUpdate);
  const [editing, setEditing] = useState(false);
  const error = liking.error ?? saving.error;
  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    if (!title) return;
    setEditing(false);
    update({ group, id }, { title }).catch(() => undefined);
  };
  return (
    <article className="detail" data-testid="post-detail">
      {editing ? (
        <form onSubmit={onSave}>
          <input name="title" defaultValue={post.title} aria-label="Title" autoFocus />
          <button type="submit">Save</button>
        </form>
      ) : (
        <h2>{post.title}</h2>
      )}
      <p className="meta">by {post.author.displayName}</p>
      <p>{post.body}</p>
      <button onClick={() => like({ group, id }).catch(() => undefined)} disabled={liking.isLoading} aria-label="Like">
        ♥ <span className="likes">{post.likeCount}</span>
      </button>{' '}
      {!editing && <button onClick={() => setEditing(true)}>Edit</button>}
      {error !== undefined && (
        <p role="alert" className="error">
          {error instanceof Error ? error.message : String(error)}
        </p>
      )}
    </article>
  );
}
