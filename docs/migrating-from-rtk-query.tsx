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

// #region hooks
import { useState } from 'react';
import { useController, useDLE, usePaginated } from 'rtk-rest/react';

// useLazyGetPostQuery: the arguments live in state and stay null until the post is wanted.
export function LazyPost({ group }: { group: string }) {
  const [id, setId] = useState<number | null>(null);
  const { data: post, error, isFetching, refetch } = useDLE(PostResource.get, id === null ? null : { group, id });
  return (
    <section>
      <button onClick={() => setId(1)}>Show post 1</button>
      {error && <p role="alert">{error.message}</p>}
      {post && (
        <h2>
          {post.title}
          <button disabled={isFetching} onClick={() => void refetch().catch(() => undefined)}>
            Reload
          </button>
        </h2>
      )}
    </section>
  );
}

// useAddPostMutation and .unwrap(): the trigger's promise resolves to the created Post or
// rejects with the error itself.
export function NewPost({ group }: { group: string }) {
  const [addPost, { isLoading, error }] = useMutation(PostResource.getList.push);
  const [title, setTitle] = useState('');
  const submit = async () => {
    try {
      await addPost({ group }, { title });
      setTitle('');
    } catch {
      // Shown through `error`; what was typed stays in the box.
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <input aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <button disabled={isLoading}>Add</button>
      {error && <p role="alert">{error.message}</p>}
    </form>
  );
}

// trigger(arg).then(navigate): the promise is .unwrap()'s, so the port gives the failure its
// own branch; the hook's `error` shows it.
export function RenameAndLeave({ group, id, onDone }: { group: string; id: number; onDone: () => void }) {
  const [rename, { error }] = useMutation(PostResource.partialUpdate);
  return (
    <>
      <button onClick={() => void rename({ group, id }, { title: 'Renamed' }).then(onDone, () => undefined)}>Rename</button>
      {error && <p role="alert">{error.message}</p>}
    </>
  );
}

// useGetPostsInfiniteQuery: each page (?page=2, 3, …) is appended to one list.
export const getPostPages = PostResource.getList.extend({ paginationField: 'page' });

export function AllPosts({ group }: { group: string }) {
  const { data: posts, hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError } = usePaginated(getPostPages, { group });
  return (
    <>
      <ul>{posts?.map((post) => <li key={post.id}>{post.title}</li>)}</ul>
      {nextPageError && <p role="alert">{nextPageError.message}</p>}
      {hasNextPage && (
        <button disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Load more
        </button>
      )}
    </>
  );
}

// usePrefetch('getPost'): fetch when hovered, unless the stored post is still fresh.
export function PostLink({ group, id }: { group: string; id: number }) {
  const { fetchIfStale } = useController();
  return (
    <a href={`/${group}/posts/${id}`} onMouseEnter={() => void fetchIfStale(PostResource.get, { group, id }).catch(() => undefined)}>
      Post {id}
    </a>
  );
}
// #endregion hooks

// #region pages
// useListPostsQuery(page) with page buttons: page 1 stays on screen while page 2 loads.
export const getPostsPage = PostResource.getList.extend({ searchParams: {} as { page: number } });

export function PostPages({ group }: { group: string }) {
  const [page, setPage] = useState(1);
  const { data: posts, isLoading, isFetching } = useDLE(getPostsPage, { group, page });
  if (isLoading) return <p>Loading</p>;
  return (
    <section style={{ opacity: isFetching ? 0.5 : 1 }}>
      <ul>{posts?.map((post) => <li key={post.id}>{post.title}</li>)}</ul>
      <button disabled={page === 1} onClick={() => setPage(page - 1)}>
        Previous
      </button>
      <button onClick={() => setPage(page + 1)}>Next</button>
    </section>
  );
}
// #endregion pages

// #region matchers
import type { UnknownAction } from '@reduxjs/toolkit';

// api.endpoints.getPost.matchFulfilled: the store's fetch outcome, narrowed to one endpoint by its key.
export const isPostFetched = (action: UnknownAction) => rest.actions.fetchFulfilled.match(action) && PostResource.get.testKey(action.meta.key);

// api.endpoints.renamePost.matchRejected, for the failures of one mutation.
export const isRenameRejected = (action: UnknownAction) => rest.actions.fetchRejected.match(action) && PostResource.partialUpdate.testKey(action.meta.key);
// #endregion matchers
