import { memo, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from 'rtk-rest/react';
import { PostResource } from '../api/resources';
import type { Post } from '../api/resources';
import { describeError } from './describeError';
import { useRenderCount } from './useRenderCount';

export interface PostItemProps {
  /** The post as read from the store: the same object until this post (or its author) changes. */
  post: Post;
  canWrite: boolean;
  /** Deletes the post; the list runs it, because the row unmounts while the delete is pending. */
  onDelete: (post: Post) => void;
  /** Why the last delete of this post failed, if it did. */
  deleteError?: unknown;
}

/**
 * One post: likes, inline edit and delete, all optimistic (they show at once and roll back on
 * failure). Memoized: the list renders again whenever any of its posts changes, but a row's props
 * stay the same objects unless its own post changed, so only that row renders again.
 */
export const PostItem = memo(function PostItem({ post, canWrite, onDelete, deleteError }: PostItemProps) {
  const rendersRef = useRenderCount<HTMLLIElement>();
  const params = { group: post.group, id: post.id };
  const [editing, setEditing] = useState(false);
  const [like, { error: likeError }] = useMutation(PostResource.like);
  const [update, { isLoading: saving, error: saveError }] = useMutation(PostResource.partialUpdate);
  const error = likeError ?? saveError ?? deleteError;
  // A post still being created has no id yet: it shows under a placeholder until the server answers.
  const pending = !post.id;
  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    if (!title) return;
    setEditing(false);
    // A failure is in the hook's state (shown below) and the optimistic title rolls back.
    update(params, { title }).catch(() => undefined);
  };
  return (
    <li ref={rendersRef} className={pending || saving ? 'post pending' : 'post'} data-testid={pending ? 'post-pending' : `post-${post.id}`}>
      {editing ? (
        <form onSubmit={onSave} className="edit">
          <input name="title" defaultValue={post.title} aria-label="Title" autoFocus />
          <button type="submit">Save</button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <h3>{post.title}</h3>
      )}
      <p className="meta">
        by {post.author.displayName || post.author.username || 'you'} · {post.createdAt.toLocaleDateString()} · rating {post.rating.format(1)}
      </p>
      <p>{post.body}</p>
      <div className="actions">
        <button onClick={() => like(params).catch(() => undefined)} disabled={!canWrite || pending} aria-label={`Like ${post.title}`}>
          ♥ <span className="likes">{post.likeCount}</span>
        </button>
        {canWrite && !pending && (
          <>
            <button onClick={() => setEditing(true)}>Edit</button>
            <button onClick={() => onDelete(post)}>Delete</button>
          </>
        )}
      </div>
      {error !== undefined && (
        <p role="alert" className="error">
          {describeError(error)}
        </p>
      )}
    </li>
  );
});
