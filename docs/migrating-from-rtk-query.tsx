// The code of migrating-from-rtk-query.md: each region below is one code block of the page, in
// order. __tests__/docs checks that they match and runs both versions side by side.

// #region before
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

interface PostData {
  id: number;
  title: string;
}

export const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.example.com' }),
  tagTypes: ['Post'],
  endpoints: (build) => ({
    getPosts: build.query<PostData[], string>({
      query: (group) => `/${group}/posts`,
      providesTags: (posts = []) => posts.map(({ id }) => ({ type: 'Post' as const, id })),
    }),
    renamePost: build.mutation<PostData, { group: string; id: number; title: string }>({
      query: ({ group, id, title }) => ({ url: `/${group}/posts/${id}`, method: 'PATCH', body: { title } }),
      invalidatesTags: (_post, _error, { id }) => [{ type: 'Post', id }],
    }),
  }),
});
export const { useGetPostsQuery, useRenamePostMutation } = api;

export function PostsBefore({ group }: { group: string }) {
  const { data: posts, isLoading } = useGetPostsQuery(group);
  const [renamePost] = useRenamePostMutation();
  if (isLoading || !posts) return <p>Loading…</p>;
  return (
    <ul>
      {posts.map((post) => (
        <li key={post.id} onClick={() => renamePost({ group, id: post.id, title: 'Renamed' })}>
          {post.title}
        </li>
      ))}
    </ul>
  );
}
// #endregion before

// #region after
import { Entity, createResource } from 'rtk-rest';
import { useMutation, useSuspense } from 'rtk-rest/react';

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

export function PostsAfter({ group }: { group: string }) {
  const posts = useSuspense(PostResource.getList, { group }); // render under <Suspense> or <AsyncBoundary>
  const [renamePost] = useMutation(PostResource.partialUpdate);
  return (
    <ul>
      {posts.map((post) => (
        <li key={post.id} onClick={() => renamePost({ group, id: post.id }, { title: 'Renamed' })}>
          {post.title}
        </li>
      ))}
    </ul>
  );
}
// #endregion after

// #region store
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';

export const rest = createRest();
export const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer, [rest.reducerPath]: rest.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware, rest.middleware),
});
// #endregion store
