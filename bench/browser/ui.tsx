import { memo, useLayoutEffect } from 'react';

/**
 * The UI both apps render, so that only the data layer differs: a list of memoized rows, each
 * showing a post's title and its author's name, and a "Load more" button. Rows and lists count
 * their renders (and rows their mounts) for the benchmark to print beside the times.
 */

/** Renders since the page's harness last reset them. */
export const renders = { rows: 0, mounts: 0, lists: 0 };

/** What a row shows: rtk-rest's Post entity and RTK Query's post JSON both fit. */
export interface RowPost {
  readonly id: number;
  readonly title: string;
  readonly author: { readonly name: string };
}

/** One post. Memoized: it renders again only when it is handed another post object. */
export const PostRow = memo(function PostRow({ post }: { post: RowPost }) {
  renders.rows++;
  useLayoutEffect(() => {
    renders.mounts++;
  }, []);
  return (
    <li data-id={post.id}>
      <span className="title">{post.title}</span> by <span className="author">{post.author.name}</span>
    </li>
  );
});

/** The list of rows; each app's list component calls it with what its hook returned. */
export function PostListView({ posts, onLoadMore }: { posts: readonly RowPost[]; onLoadMore: () => void }) {
  renders.lists++;
  return (
    <section>
      <ul>
        {posts.map((post) => (
          <PostRow key={post.id} post={post} />
        ))}
      </ul>
      <button type="button" onClick={onLoadMore}>
        Load more
      </button>
    </section>
  );
}
