import type { FormEvent } from 'react';
import { useController, useLoading } from 'rtk-rest/react';
import { PostResource } from '../api/resources';
import { describeError } from './describeError';

/** Creates a post; it appears at the end of the list at once (optimistic) and stays after the server answers. */
export function NewPost({ group }: { group: string }) {
  const ctrl = useController();
  const [create, , error] = useLoading((title: string, body: string) => ctrl.fetch(PostResource.create, { group }, { title, body }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const title = String(data.get('title') ?? '').trim();
    if (!title) return;
    void create(title, String(data.get('body') ?? ''));
    form.reset();
  };
  return (
    <form className="new-post" onSubmit={onSubmit} aria-label="New post">
      <input name="title" placeholder="Title" aria-label="New post title" required />
      <textarea name="body" placeholder="What's on your mind?" aria-label="New post body" rows={2} />
      <button type="submit">Publish</button>
      {error !== undefined && <p role="alert" className="error">{describeError(error)}</p>}
    </form>
  );
}
