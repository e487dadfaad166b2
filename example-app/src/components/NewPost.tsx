import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from 'rtk-rest/react';
import { PostResource } from '../api/resources';
import { describeError } from './describeError';

/** Creates a post; it appears at the top of the list at once (optimistic) and stays after the server answers. */
export function NewPost({ group }: { group: string }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [create, { isLoading, error, reset }] = useMutation(PostResource.create);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) return;
    create({ group }, { title: title.trim(), body }).then(
      () => {
        // Emptied only once the server has the post: after a failure, what was typed is still here to try again.
        setTitle('');
        setBody('');
        reset();
      },
      // The error is in the hook's state and shown below; nothing else to do with it here.
      () => undefined,
    );
  };
  return (
    <form className="new-post" onSubmit={onSubmit} aria-label="New post">
      <input name="title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Title" aria-label="New post title" required />
      <textarea name="body" value={body} onChange={(e) => setBody(e.target.value)} placeholder="What's on your mind?" aria-label="New post body" rows={2} />
      <button type="submit" disabled={isLoading}>
        {isLoading ? 'Publishing…' : 'Publish'}
      </button>
      {error !== undefined && <p role="alert" className="error">{describeError(error)}</p>}
    </form>
  );
}
