// The code of getting-started.md: each region below is one code block of the page, in order.
// __tests__/docs checks that they match and renders the app against a mock API.

// #region model
import { Entity, createResource } from 'rtk-rest';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
});
// #endregion model

// #region store
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';

export const rest = createRest();
export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer },
  middleware: (getDefault) => getDefault().concat(rest.middleware),
});
// #endregion store

// #region thunks
export async function loadAndRename() {
  const posts = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' })); // Post[]
  await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: posts[0]!.id }, { title: 'Renamed' }));
  return rest.selectData(store.getState(), PostResource.getList, { group: 'react' }); // the list shows the new title
}
// #endregion thunks

// #region react
import { Provider } from 'react-redux';
import { AsyncBoundary, useController, useLoading, useSuspense } from 'rtk-rest/react';

function PostList({ group }: { group: string }) {
  const posts = useSuspense(PostResource.getList, { group }); // suspends until loaded
  const { fetch } = useController();
  const [add, adding] = useLoading(() => fetch(PostResource.getList.push, { group }, { title: 'New post' }));
  return (
    <>
      <ul>
        {posts.map((post) => (
          <li key={post.id}>{post.title}</li>
        ))}
      </ul>
      <button onClick={add} disabled={adding}>
        Add a post
      </button>
    </>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <PostList group="react" />
      </AsyncBoundary>
    </Provider>
  );
}
// #endregion react

// #region mock
import { mockFetch } from 'rtk-rest/mock';

export const fixtures = mockFetch([
  { endpoint: PostResource.getList, args: [{ group: 'react' }], response: [{ id: 1, title: 'Hello' }] },
  { endpoint: PostResource.getList.push, response: (_params, body) => ({ id: 2, ...body }) },
]);
// globalThis.fetch = fixtures; // in a test, or to demo the UI without a server
// #endregion mock
