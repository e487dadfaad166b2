import { configureStore } from '@reduxjs/toolkit';
import { Suspense, useRef } from 'react';
import { Provider } from 'react-redux';
import { createResource, createRest, Entity } from '../../src/index';
import { useController, useSuspense } from '../../src/react/index';
import { URL_PREFIX } from './data';
import { install } from './page';
import type { AppInstance } from './page';
import { PostListView } from './ui';

/**
 * The list app on rtk-rest, as its README writes it: Post and Author entities, posts normalized
 * by a `createResource`, the list read with `useSuspense` and handed to memoized rows as Post
 * instances, "Load more" fetching `getList.getPage`, cache writes with `rest.set` and
 * `rest.setResponse`. One `rest` instance for the app, one store per round.
 */

class Author extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Author';
}

class Post extends Entity {
  id = 0;
  title = '';
  author = Author.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: Author };
}

class Comment extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
}

const PostResource = createResource({ urlPrefix: URL_PREFIX, path: '/posts/:id', schema: Post, paginationField: 'page' });
const CommentResource = createResource({ urlPrefix: URL_PREFIX, path: '/comments/:id', schema: Comment });

const rest = createRest();

function PostList() {
  const posts = useSuspense(PostResource.getList);
  const { fetch } = useController();
  const nextPage = useRef(2);
  const loadMore = () => void fetch(PostResource.getList.getPage, { page: nextPage.current++ });
  return <PostListView posts={posts} onLoadMore={loadMore} />;
}

function create(): AppInstance {
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
  return {
    prefetch: async () => (await store.dispatch(rest.fetch(PostResource.getList))).length,
    element: (
      <Provider store={store}>
        <Suspense fallback={<p>Loading…</p>}>
          <PostList />
        </Suspense>
      </Provider>
    ),
    unrelatedWrite(id) {
      store.dispatch(rest.setResponse(CommentResource.get, { id }, { id, text: `Comment ${id}` }));
    },
    renameAuthor(id, name) {
      store.dispatch(rest.set(Author, { id }, { id, name }));
    },
    editTitle(id, title) {
      store.dispatch(rest.set(Post, { id }, { id, title }));
    },
  };
}

install({ lib: 'rtk-rest', create });
