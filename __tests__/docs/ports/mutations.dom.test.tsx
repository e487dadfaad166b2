/**
 * RTK Query's "mutations" example (a posts manager: list, count, add, edit, delete, with
 * `providesTags` / `invalidatesTags`) ported by following only docs/migrating-from-rtk-query.md:
 * the five endpoints become one resource, the tags go (the answers update the stored posts),
 * `useXQuery` → `useDLE`, `useXMutation` → `useMutation(PostResource.…)`, `.unwrap()` → `await`.
 * The example's router is a piece of state here: routing is not what the guide ports.
 */
import { setImmediate as realSetImmediate } from 'node:timers';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE, useMutation } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { listItems, renderApp, requestLog, settle as settleFor, usePortEnvironment } from './support';

// ---- the port: data layer ----------------------------------------------------------------------

class Post extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Post';
}

// `fetchBaseQuery({ baseUrl: '/' })`: the same prefix, joined to each path at one slash.
const PostResource = createResource({ urlPrefix: '/', path: '/posts/:id', schema: Post });

// ---- the port: components ----------------------------------------------------------------------

function AddPost() {
  const [post, setPost] = useState({ name: '' });
  const [addPost, { isLoading }] = useMutation(PostResource.getList.push);
  const [failed, setFailed] = useState(false);
  const handleAddPost = async () => {
    try {
      await addPost(post);
      setPost({ name: '' });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div>
      <label htmlFor="name">Post name</label>
      <input id="name" name="name" value={post.name} onChange={({ target }: ChangeEvent<HTMLInputElement>) => setPost((prev) => ({ ...prev, [target.name]: target.value }))} />
      <button disabled={isLoading} onClick={() => void handleAddPost()}>
        Add Post
      </button>
      {failed && <p role="alert">We couldn&apos;t save your post, try again!</p>}
    </div>
  );
}

function PostList({ onSelect }: { onSelect: (id: string) => void }) {
  const { data: posts, isLoading } = useDLE(PostResource.getList);
  if (isLoading) return <div>Loading</div>;
  if (!posts) return <div>No posts :(</div>;
  return (
    <ul aria-label="Posts">
      {posts.map(({ id, name }) => (
        <li key={id} onClick={() => onSelect(id)}>
          {name}
        </li>
      ))}
    </ul>
  );
}

function PostsCountStat() {
  const { data: posts } = useDLE(PostResource.getList);
  if (!posts) return null;
  return <p>Active Posts: {posts.length}</p>;
}

function EditablePostName({ name: initialName, onUpdate, onCancel, isLoading }: { name: string; onUpdate: (name: string) => void; onCancel: () => void; isLoading: boolean }) {
  const [name, setName] = useState(initialName);
  return (
    <div>
      <input aria-label="New name" value={name} disabled={isLoading} onChange={(event) => setName(event.target.value)} />
      <button onClick={() => onUpdate(name)}>Update</button>
      <button onClick={onCancel} disabled={isLoading}>
        Cancel
      </button>
    </div>
  );
}

function PostDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  const [failed, setFailed] = useState(false);
  const { data: post, isLoading } = useDLE(PostResource.get, { id });
  const [updatePost, { isLoading: isUpdating }] = useMutation(PostResource.update);
  const [deletePost, { isLoading: isDeleting, error: deleteError }] = useMutation(PostResource.delete);
  if (isLoading) return <div>Loading...</div>;
  if (!post) return <h2>Post {id} is missing! Try reloading or selecting another post...</h2>;
  return (
    <section aria-label="Post detail">
      {isEditing ? (
        <EditablePostName
          name={post.name}
          isLoading={isUpdating}
          onCancel={() => setIsEditing(false)}
          onUpdate={async (name) => {
            try {
              await updatePost({ id }, { name });
              setFailed(false);
            } catch {
              setFailed(true);
            } finally {
              setIsEditing(false);
            }
          }}
        />
      ) : (
        <>
          <h2>{post.name}</h2>
          <button onClick={() => setIsEditing(true)} disabled={isDeleting || isUpdating}>
            {isUpdating ? 'Updating...' : 'Edit'}
          </button>
          <button onClick={() => void deletePost({ id }).then(onClose, () => undefined)} disabled={isDeleting}>
            {isDeleting ? 'Deleting...' : 'Delete'}
          </button>
        </>
      )}
      {failed && <p role="alert">We couldn&apos;t save your changes, try again!</p>}
      {deleteError && <p role="alert">We couldn&apos;t delete this post: {deleteError.message}</p>}
      <pre>{JSON.stringify(post, null, 2)}</pre>
    </section>
  );
}

function PostsManager() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <main>
      <h1>Manage Posts</h1>
      <PostsCountStat />
      <AddPost />
      <PostList onSelect={setSelected} />
      {selected === null ? <h2>Select a post to edit!</h2> : <PostDetail key={selected} id={selected} onClose={() => setSelected(null)} />}
    </main>
  );
}

// ---- the behaviour tests: a stub server with the example's three posts -------------------------

usePortEnvironment();

/** Half a second by default: long enough for the example's own delays. */
const settle = (ms = 500) => settleFor(ms);

function server({ failWrites = false } = {}) {
  let posts = [
    { id: 'a', name: 'A sample post' },
    { id: 'b', name: 'A post about RTK Query' },
    { id: 'c', name: 'How to randomly throw errors, a novella' },
  ];
  let nextId = 0;
  const error = () => json({ error: 'Oh no, there was an error, try again.' }, 500);
  const net = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const id = url.match(/^\/posts\/(.+)$/)?.[1];
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET' && url === '/posts') return json(posts);
    if (method === 'GET' && id) return json(posts.find((post) => post.id === id) ?? { message: 'not found' }, posts.some((post) => post.id === id) ? 200 : 404);
    if (failWrites) return error();
    if (method === 'POST' && url === '/posts') {
      const post = { id: `new${++nextId}`, name: body.name };
      posts = [...posts, post];
      return json(post, 201);
    }
    if (method === 'PUT' && id) {
      posts = posts.map((post) => (post.id === id ? { ...post, ...body, id } : post));
      return json(posts.find((post) => post.id === id));
    }
    if (method === 'DELETE' && id) {
      const post = posts.find((one) => one.id === id);
      posts = posts.filter((one) => one.id !== id);
      return json(post);
    }
    return json({ message: 'no route' }, 404);
  });
  return { net, requests: requestLog(net) };
}

const names = () => listItems('Posts');

describe('RTK Query mutations example, ported: a posts manager', () => {
  it('shows Loading, then the posts and their count, from one request', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await settle();
    expect(names()).toEqual(['A sample post', 'A post about RTK Query', 'How to randomly throw errors, a novella']);
    expect(screen.getByText('Active Posts: 3')).toBeTruthy();
    expect(requests()).toEqual(['GET /posts']);
  });

  it('adding a post shows it in the list and the count, and empties the box', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    await settle();
    fireEvent.change(screen.getByLabelText('Post name'), { target: { value: 'Fresh post' } });
    fireEvent.click(screen.getByText('Add Post'));
    await settle();
    expect(names()).toEqual(['A sample post', 'A post about RTK Query', 'How to randomly throw errors, a novella', 'Fresh post']);
    expect(screen.getByText('Active Posts: 4')).toBeTruthy();
    expect((screen.getByLabelText('Post name') as HTMLInputElement).value).toBe('');
    expect(requests()).toEqual(['GET /posts', 'POST /posts']);
  });

  it('a failed add shows the error, keeps what was typed and leaves the list as it was', async () => {
    server({ failWrites: true });
    renderApp(<PostsManager />);
    await settle();
    fireEvent.change(screen.getByLabelText('Post name'), { target: { value: 'Doomed' } });
    fireEvent.click(screen.getByText('Add Post'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe("We couldn't save your post, try again!");
    expect((screen.getByLabelText('Post name') as HTMLInputElement).value).toBe('Doomed');
    expect(names()).toHaveLength(3);
  });

  it('editing a post renames it in the detail and in the list', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    await settle();
    fireEvent.click(screen.getByText('A post about RTK Query'));
    await settle();
    const detail = within(screen.getByRole('region', { name: 'Post detail' }));
    expect(detail.getByRole('heading').textContent).toBe('A post about RTK Query');
    fireEvent.click(detail.getByText('Edit'));
    fireEvent.change(detail.getByLabelText('New name'), { target: { value: 'Renamed' } });
    fireEvent.click(detail.getByText('Update'));
    await settle();
    expect(detail.getByRole('heading').textContent).toBe('Renamed');
    expect(names()).toEqual(['A sample post', 'Renamed', 'How to randomly throw errors, a novella']);
    expect(JSON.parse(detail.getByText(/"id"/).textContent!)).toEqual({ id: 'b', name: 'Renamed' });
    expect(requests()).toEqual(['GET /posts', 'PUT /posts/b']);
  });

  it('a failed edit shows the error and keeps the old name everywhere', async () => {
    server({ failWrites: true });
    renderApp(<PostsManager />);
    await settle();
    fireEvent.click(screen.getByText('A sample post'));
    await settle();
    const detail = within(screen.getByRole('region', { name: 'Post detail' }));
    fireEvent.click(detail.getByText('Edit'));
    fireEvent.change(detail.getByLabelText('New name'), { target: { value: 'Nope' } });
    fireEvent.click(detail.getByText('Update'));
    await settle();
    expect(detail.getByRole('alert').textContent).toBe("We couldn't save your changes, try again!");
    expect(detail.getByRole('heading').textContent).toBe('A sample post');
    expect(names()[0]).toBe('A sample post');
  });

  it('deleting a post removes it from the list and the count and closes the detail', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    await settle();
    fireEvent.click(screen.getByText('A sample post'));
    await settle();
    fireEvent.click(within(screen.getByRole('region', { name: 'Post detail' })).getByText('Delete'));
    await settle();
    expect(names()).toEqual(['A post about RTK Query', 'How to randomly throw errors, a novella']);
    expect(screen.getByText('Active Posts: 2')).toBeTruthy();
    expect(screen.getByText('Select a post to edit!')).toBeTruthy();
    expect(requests().filter((request) => !request.startsWith('GET'))).toEqual(['DELETE /posts/a']);
  });

  it('a failed delete shows its error and keeps the detail open and the post listed, with no unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { requests } = server({ failWrites: true });
      renderApp(<PostsManager />);
      await settle();
      fireEvent.click(screen.getByText('A sample post'));
      await settle();
      const detail = within(screen.getByRole('region', { name: 'Post detail' }));
      fireEvent.click(detail.getByText('Delete'));
      await settle();
      expect(detail.getByRole('alert').textContent).toBe("We couldn't delete this post: /posts/a: status 500");
      expect(detail.getByRole('heading').textContent).toBe('A sample post');
      expect(screen.queryByText('Select a post to edit!')).toBeNull();
      expect(names()).toHaveLength(3);
      expect(requests().filter((request) => !request.startsWith('GET'))).toEqual(['DELETE /posts/a']);
      // Unhandled rejections are reported after the macrotask in which the promise rejected.
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => realSetImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
