import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { URL_PREFIX } from './data';
import type { CommentData, PostData } from './data';
import { install } from './page';
import type { AppInstance } from './page';
import { PostListView } from './ui';

/**
 * The same list app on RTK Query, as its documentation writes it: `createApi` with
 * `fetchBaseQuery`, the posts as an infinite query (the first page, then "Load more" is the
 * hook's `fetchNextPage`), each post holding its author as the server sent it. The list hook's
 * `selectFromResult` keeps only `data`, so request flags do not render the list, and the pages
 * are flattened once per `data` (`useMemo`), so rows keep their post objects. Cache writes are
 * `updateQueryData` (Immer recipes over the pages: every post of the author, or the one post) and
 * `upsertQueryEntries` for the unrelated comment. One `api` for the app, one store per round.
 */

const EMPTY: readonly PostData[] = [];

const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: URL_PREFIX }),
  endpoints: (build) => ({
    getPosts: build.infiniteQuery<PostData[], void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: (_lastPage, _allPages, lastPageParam) => lastPageParam + 1 },
      query: ({ pageParam }) => `/posts?page=${pageParam}`,
    }),
    getComment: build.query<CommentData, number>({ query: (id) => `/comments/${id}` }),
  }),
});

function PostList() {
  const { data, fetchNextPage } = api.useGetPostsInfiniteQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  const posts = useMemo(() => data?.pages.flat() ?? EMPTY, [data]);
  if (data === undefined) return <p>Loading…</p>;
  return <PostListView posts={posts} onLoadMore={() => void fetchNextPage()} />;
}

function create(): AppInstance {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return {
    prefetch: async () => {
      const { data } = await store.dispatch(api.endpoints.getPosts.initiate(undefined, { subscribe: false }));
      return data?.pages[0]?.length ?? 0;
    },
    element: (
      <Provider store={store}>
        <PostList />
      </Provider>
    ),
    unrelatedWrite(id) {
      store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getComment', arg: id, value: { id, text: `Comment ${id}` } }]));
    },
    renameAuthor(id, name) {
      store.dispatch(
        api.util.updateQueryData('getPosts', undefined, (draft) => {
          for (const page of draft.pages) for (const post of page) if (post.author.id === id) post.author.name = name;
        }),
      );
    },
    editTitle(id, title) {
      store.dispatch(
        api.util.updateQueryData('getPosts', undefined, (draft) => {
          for (const page of draft.pages) {
            const post = page.find((candidate) => candidate.id === id);
            if (post !== undefined) post.title = title;
          }
        }),
      );
    },
  };
}

install({ lib: 'RTK Query', create });
