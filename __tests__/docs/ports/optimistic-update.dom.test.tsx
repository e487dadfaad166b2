/**
 * RTK Query's "optimistic update" example (the posts manager whose rename patches the cached post
 * in `onQueryStarted` with `updateQueryData` and undoes it when the request fails) ported by
 * following only docs/migrating-from-rtk-query.md: the `onQueryStarted` … `patchResult.undo()`
 * row → `optimistic: true` on the resource, the rollback being automatic.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE, useMutation } from 'rtk-rest/react';
import { deferred, json, stubFetch } from '../support';
import { listItems, renderApp, requestLog, settle, usePortEnvironment } from './support';

// ---- the port ----------------------------------------------------------------------------------

class Post extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Post';
}

const PostResource = createResource({ path: '/posts/:id', schema: Post, optimistic: true });

function PostDetail({ id }: { id: string }) {
  const [isEditing, setIsEditing] = useState(false);
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  const { data: post, isLoading } = useDLE(PostResource.get, { id });
  const [updatePost, { isLoading: isUpdating }] = useMutation(PostResource.update);
  if (isLoading) return <div>Loading...</div>;
  if (!post) return <h2>Post {id} is missing!</h2>;
  const onUpdate = async () => {
    setIsEditing(false);
    try {
      await updatePost({ id }, { name });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <section aria-label="Post detail">
      {isEditing ? (
        <>
          <input aria-label="New name" value={name} onChange={(event) => setName(event.target.value)} />
          <button onClick={() => void onUpdate()}>Update</button>
        </>
      ) : (
        <>
          <h2>{post.name}</h2>
          <button
            disabled={isUpdating}
            onClick={() => {
              setName(post.name);
              setIsEditing(true);
            }}
          >
            {isUpdating ? 'Updating...' : 'Edit'}
          </button>
        </>
      )}
      {failed && <p role="alert">We couldn&apos;t save your changes, try again!</p>}
    </section>
  );
}

function PostsManager() {
  const { data: posts } = useDLE(PostResource.getList);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <main>
      <ul aria-label="Posts">
        {posts?.map(({ id, name }) => (
          <li key={id} onClick={() => setSelected(id)}>
            {name}
          </li>
        ))}
      </ul>
      {selected !== null && <PostDetail id={selected} />}
    </main>
  );
}

// ---- the behaviour tests: the server holds the PUT until the test answers it ------------------

usePortEnvironment();

function server() {
  const put = deferred();
  const net = stubFetch((url, init) => {
    if ((init.method ?? 'GET') === 'PUT') return put.promise;
    if (url === '/posts') return json([{ id: 'a', name: 'A sample post' }, { id: 'b', name: 'Another post' }]);
    return json({ message: 'no route' }, 404);
  });
  return { put, requests: requestLog(net) };
}

const names = () => listItems('Posts');

async function renameFirstPost(to: string) {
  await settle();
  fireEvent.click(screen.getByText('A sample post'));
  await settle();
  const detail = within(screen.getByRole('region', { name: 'Post detail' }));
  fireEvent.click(detail.getByText('Edit'));
  fireEvent.change(detail.getByLabelText('New name'), { target: { value: to } });
  fireEvent.click(detail.getByText('Update'));
  await settle();
  return detail;
}

describe('RTK Query optimistic update example, ported: a rename shows before the server answers', () => {
  it('the new name is in the detail and the list while the PUT is pending, and stays once it succeeds', async () => {
    const { put, requests } = server();
    renderApp(<PostsManager />);
    const detail = await renameFirstPost('Renamed');
    expect(detail.getByRole('heading').textContent).toBe('Renamed');
    expect(detail.getByText('Updating...')).toBeTruthy();
    expect(names()).toEqual(['Renamed', 'Another post']);
    put.resolve(json({ id: 'a', name: 'Renamed' }));
    await settle();
    expect(detail.getByRole('heading').textContent).toBe('Renamed');
    expect(detail.getByText('Edit')).toBeTruthy();
    expect(names()).toEqual(['Renamed', 'Another post']);
    expect(requests()).toEqual(['GET /posts', 'PUT /posts/a']);
  });

  it('a failed PUT puts the old name back everywhere and shows the error', async () => {
    const { put } = server();
    renderApp(<PostsManager />);
    const detail = await renameFirstPost('Doomed');
    expect(names()).toEqual(['Doomed', 'Another post']);
    put.resolve(json({ error: 'Oh no, there was an error, try again.' }, 500));
    await settle();
    expect(detail.getByRole('heading').textContent).toBe('A sample post');
    expect(names()).toEqual(['A sample post', 'Another post']);
    expect(detail.getByRole('alert').textContent).toBe("We couldn't save your changes, try again!");
  });
});
