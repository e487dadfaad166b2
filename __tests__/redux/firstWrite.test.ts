import { RestEndpoint, schema } from 'rtk-rest';
import { A, Comment, Post, User, ann, bob, getComment, setup, useTestEnvironment } from './support';

// A freshly built answer is proven valid after a write to another entity type from the tables it
// read, without walking its cells. These tests pin what that proof must see: every entity type any
// part of the answer read, including parts reused from earlier reads, and whole-table reads.

useTestEnvironment();

const getPosts = new RestEndpoint({ urlPrefix: A, path: '/posts', searchParams: {} as { page?: number }, schema: [Post] });
const getPost = new RestEndpoint({ urlPrefix: A, path: '/posts/:id', schema: Post });
const getUser = new RestEndpoint({ urlPrefix: A, path: '/users/:id', schema: User });
const getFeed = new RestEndpoint({ urlPrefix: A, path: '/feed', schema: new schema.Collection([Post]) });
const AllPosts = new schema.All(Post);
const PostCount = new schema.Query(AllPosts, (posts) => posts?.length ?? 0);

/** A store holding posts 11 (by ann) and 12 (by bob) as the list getPosts, read once. */
function withList() {
  const { rest, store } = setup();
  store.dispatch(rest.setResponse(getPosts, {}, [{ id: 11, title: 'eleven', author: ann }, { id: 12, title: 'twelve', author: bob }]));
  const first = rest.selectData(store.getState(), getPosts, {})!;
  let comments = 0;
  const writeComment = () => store.dispatch(rest.setResponse(getComment, { id: ++comments }, { id: comments, text: `c${comments}` }));
  const renameBob = (username: string) => store.dispatch(rest.setResponse(getUser, { id: 2 }, { ...bob, username }));
  return { rest, store, first, writeComment, renameBob };
}

describe('a fresh answer sees writes to every type it read', () => {
  it('a list rebuilt after an edit, reusing the other row from the earlier read, sees a write to that row\'s author', () => {
    const { rest, store, first, renameBob } = withList();
    store.dispatch(rest.setResponse(getPost, { id: 11 }, { id: 11, title: 'edited', author: ann }));
    const rebuilt = rest.selectData(store.getState(), getPosts, {})!;
    expect(rebuilt).not.toBe(first);
    expect(rebuilt[1]).toBe(first[1]); // post 12, the instance of the first read
    renameBob('robert');
    const after = rest.selectData(store.getState(), getPosts, {})!;
    expect(after.map((p: Post) => p.author.username)).toEqual(['ann', 'robert']);
  });

  it('a new read made only of an entity cached by an earlier read sees a write to its nested type', () => {
    const { rest, store, first, renameBob } = withList();
    const detail = rest.selectQuery(store.getState(), Post, { id: 12 })!;
    expect(detail).toBe(first[1]); // the instance of the list read
    renameBob('robert');
    expect(rest.selectQuery(store.getState(), Post, { id: 12 })!.author.username).toBe('robert');
  });

  it('the same fresh answers keep their reference across writes to other types', () => {
    const { rest, store, first, writeComment } = withList();
    store.dispatch(rest.setResponse(getPost, { id: 11 }, { id: 11, title: 'edited', author: ann }));
    const rebuilt = rest.selectData(store.getState(), getPosts, {})!;
    const detail = rest.selectQuery(store.getState(), Post, { id: 12 });
    expect(rebuilt).not.toBe(first);
    writeComment();
    expect(rest.selectData(store.getState(), getPosts, {})).toBe(rebuilt);
    expect(rest.selectQuery(store.getState(), Post, { id: 12 })).toBe(detail);
    writeComment();
    expect(rest.selectData(store.getState(), getPosts, {})).toBe(rebuilt);
  });
});

describe('a fresh whole-table read sees an added entity', () => {
  it('schema.All', () => {
    const { rest, store, writeComment } = withList();
    const all = rest.selectQuery(store.getState(), AllPosts)!;
    expect(all.map((p: Post) => p.id).sort()).toEqual([11, 12]);
    writeComment();
    expect(rest.selectQuery(store.getState(), AllPosts)).toBe(all);
    store.dispatch(rest.setResponse(getPost, { id: 13 }, { id: 13, title: 'new', author: ann }));
    expect(rest.selectQuery(store.getState(), AllPosts)!.map((p: Post) => p.id).sort()).toEqual([11, 12, 13]);
  });

  it('schema.All of a table with no rows yet, read before its first row', () => {
    const { rest, store, writeComment } = withList();
    const AllComments = new schema.All(Comment);
    const before = rest.selectQuery(store.getState(), AllComments);
    expect(before ?? []).toEqual([]);
    writeComment();
    expect(rest.selectQuery(store.getState(), AllComments)!.map((c: Comment) => c.id)).toEqual([1]);
  });

  it('schema.Query over schema.All', () => {
    const { rest, store, writeComment } = withList();
    expect(rest.selectQuery(store.getState(), PostCount)).toBe(2);
    writeComment();
    expect(rest.selectQuery(store.getState(), PostCount)).toBe(2);
    store.dispatch(rest.setResponse(getPost, { id: 13 }, { id: 13, title: 'new', author: ann }));
    expect(rest.selectQuery(store.getState(), PostCount)).toBe(3);
  });

  it('schema.Collection', () => {
    const { rest, store, writeComment } = withList();
    store.dispatch(rest.setResponse(getFeed, [{ id: 11, title: 'eleven', author: ann }]));
    const feed = rest.selectData(store.getState(), getFeed)!;
    expect(feed.map((p: Post) => p.id)).toEqual([11]);
    writeComment();
    expect(rest.selectData(store.getState(), getFeed)).toBe(feed);
    store.dispatch(rest.setResponse(getFeed, [{ id: 11, title: 'eleven', author: ann }, { id: 12, title: 'twelve', author: bob }]));
    expect(rest.selectData(store.getState(), getFeed)!.map((p: Post) => p.id)).toEqual([11, 12]);
  });
});
