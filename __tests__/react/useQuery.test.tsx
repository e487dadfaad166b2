import { act, screen } from '@testing-library/react';
import { schema } from 'rtk-rest';
import { useQuery } from 'rtk-rest/react';
import {
  ann,
  Boundary,
  fetchAnswered,
  net,
  p5,
  p6,
  Post,
  post5,
  post6,
  PostResource,
  react,
  recorder,
  renderCounter,
  renderWith,
  rerenderWith,
  settle,
  setup,
  sliceOf,
  tick,
  User,
  useTestEnvironment,
  watchConsole,
} from './support';

// useQuery, and the entities a mounted useQuery reads are retained.
useTestEnvironment();

const gcEntities = (actions: { type: string; payload?: unknown }[]) =>
  actions.filter((action) => action.type === 'rest/gc').flatMap((action) => (action.payload as { entities: { key: string; pk: string }[] }).entities);

describe('useQuery', () => {
  test('returns rest.selectQuery for an Entity, a Collection and an All', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    const byPk = recorder<Post | undefined>();
    const byIndex = recorder<User | undefined>();
    const list = recorder<Post[] | undefined>();
    const all = recorder<Post[] | undefined>();
    const allPosts = new schema.All(Post);
    function Probe() {
      byPk.record(useQuery(Post, { id: 5 }));
      byIndex.record(useQuery(User, { username: 'bob' }));
      list.record(useQuery(PostResource.getList.schema, react));
      all.record(useQuery(allPosts));
      return null;
    }
    renderWith(store, <Probe />);
    const state = store.getState();
    expect(byPk.last).toBeInstanceOf(Post);
    expect(byPk.last?.title).toBe('hi');
    expect(byPk.last).toBe(rest.selectQuery(state, Post, { id: 5 }));
    expect(byIndex.last?.id).toBe(2);
    expect(byIndex.last).toBe(rest.selectQuery(state, User, { username: 'bob' }));
    expect(list.last?.map((post) => post.id)).toEqual([5, 6]);
    expect(list.last).toBe(rest.selectQuery(state, PostResource.getList.schema, react));
    expect(all.last?.map((post) => post.id)).toEqual([5, 6]);
    expect(all.last).toBe(rest.selectQuery(state, allPosts));
  });

  test('re-renders when the entity changes, and not for an unrelated entity', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6);
    const renders = renderCounter();
    function Title() {
      renders.hit();
      const post = useQuery(Post, 5);
      return <h1>{post ? `${post.title} by ${post.author.username}` : 'none'}</h1>;
    }
    renderWith(store, <Title />);
    expect(screen.getByRole('heading').textContent).toBe('hi by ann');
    const before = renders.count;
    act(() => {
      store.dispatch(rest.set(Post, { id: 6 }, { ...post6, title: 'six, edited' }));
    });
    expect(renders.count).toBe(before);
    act(() => {
      store.dispatch(rest.set(Post, { id: 5 }, (post: any) => ({ ...post, title: 'edited' })));
    });
    expect(screen.getByRole('heading').textContent).toBe('edited by ann');
    expect(renders.count).toBe(before + 1);
    // A nested entity the read reaches (the author) changes: the read changes too.
    act(() => {
      store.dispatch(rest.set(User, { id: 1 }, { ...ann, username: 'anna' }));
    });
    expect(screen.getByRole('heading').textContent).toBe('edited by anna');
    expect(renders.count).toBe(before + 2);
    // A delete (tombstone) reads undefined.
    await act(async () => {
      const deleted = store.dispatch(rest.fetch(PostResource.delete, p5));
      (await net.nth(3)).reply({}, { status: 204 });
      await deleted;
    });
    expect(screen.getByRole('heading').textContent).toBe('none');
  });

  test('never fetches: an absent entity reads undefined and no request is sent', async () => {
    const { store, types } = setup({ gc: false });
    const seen = recorder<Post | undefined>();
    function Probe() {
      seen.record(useQuery(Post, { id: 5 }));
      return null;
    }
    renderWith(store, <Probe />);
    await settle();
    await tick(120_000);
    expect(seen.last).toBeUndefined();
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    expect(net.count).toBe(0);
    expect(types().filter((type) => type.startsWith('rest/fetch'))).toEqual([]);
  });

  test('null → undefined, and toggling to real arguments reads the entity', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const seen = recorder<Post | undefined>();
    function Probe({ id }: { id: number | null }) {
      seen.record(useQuery(Post, ...(id === null ? ([null] as const) : ([{ id }] as const))));
      return null;
    }
    const view = renderWith(store, <Probe id={null} />);
    expect(seen.values.length).toBeGreaterThan(0);
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    rerenderWith(view, store, <Probe id={5} />);
    expect(seen.last?.title).toBe('hi');
    rerenderWith(view, store, <Probe id={null} />);
    expect(seen.last).toBeUndefined();
    expect(net.count).toBe(1);
  });

  test.each([
    ['new schema.Array(Post)', () => new schema.Array(Post)],
    ['[Post]', () => [Post]],
    ['new schema.Values(Post)', () => new schema.Values(Post)],
    ['new schema.Invalidate(Post)', () => new schema.Invalidate(Post)],
    ["a plain string 'Post'", () => 'Post'],
  ])('a non-queryable schema (%s) throws a TypeError to the error boundary', async (_name, make) => {
    watchConsole();
    const { store } = setup({ gc: false });
    const caught: unknown[] = [];
    const queryable = make();
    function Probe() {
      useQuery(queryable, 5);
      return <p>rendered</p>;
    }
    renderWith(
      store,
      <Boundary onError={(error) => caught.push(error)}>
        <Probe />
      </Boundary>,
    );
    expect(screen.queryByText('rendered')).toBeNull();
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]).toBeInstanceOf(TypeError);
    expect((caught[0] as Error).message).toMatch(/not queryable|not a schema/);
    expect(net.count).toBe(0);
  });
});

describe('useQuery and GC', () => {
  test('a collection read by a mounted useQuery keeps the collection and its items through sweeps', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    function Titles() {
      const posts = useQuery(PostResource.getList.schema, react);
      return <p>{posts ? posts.map((post) => post.title).join(',') : 'none'}</p>;
    }
    const { unmount } = renderWith(store, <Titles />);
    expect(screen.getByText('hi,six')).toBeTruthy();
    await tick(70_000);
    expect(actions.some((action) => action.type === 'rest/gc')).toBe(true);
    expect(gcEntities(actions)).toEqual([]);
    expect(screen.getByText('hi,six')).toBeTruthy();
    act(() => unmount());
    await tick(1000);
    expect(gcEntities(actions)).toEqual(expect.arrayContaining([{ key: 'Post', pk: '5' }, { key: 'Post', pk: '6' }, { key: 'User', pk: '2' }]));
    expect(rest.selectQuery(store.getState(), PostResource.getList.schema, react)).toBeUndefined();
  });

  test('entities read by a mounted useQuery are kept by a GC sweep and collected after unmount', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    function Title() {
      const post = useQuery(Post, { id: 5 });
      return <h1>{post ? `${post.title} by ${post.author.username}` : 'none'}</h1>;
    }
    const { unmount } = renderWith(store, <Title />);
    expect(screen.getByRole('heading').textContent).toBe('hi by ann');
    // Past expiresAt (61040) + graceMs: the key goes, the entities the query reads stay.
    await tick(70_000);
    const removedKeys = actions.filter((action) => action.type === 'rest/gc').flatMap((action) => (action.payload as { keys: string[] }).keys);
    expect(removedKeys).toEqual([`GET https://api.example.com/react/posts/5`]);
    expect(gcEntities(actions)).toEqual([]);
    expect(Object.keys(sliceOf(rest, store.getState()).entities.Post)).toEqual(['5']);
    expect(Object.keys(sliceOf(rest, store.getState()).entities.User)).toEqual(['1']);
    expect(screen.getByRole('heading').textContent).toBe('hi by ann');
    act(() => unmount());
    await tick(1000);
    expect(gcEntities(actions)).toEqual(expect.arrayContaining([{ key: 'Post', pk: '5' }, { key: 'User', pk: '1' }]));
    expect(rest.selectQuery(store.getState(), Post, { id: 5 })).toBeUndefined();
    expect(net.count).toBe(1);
  });
});

describe('useQuery with an object schema holding plain members', () => {
  test('reads { results: All(Post), nextPage: "" } written inline, and an unrelated dispatch does not re-render', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    const allPosts = new schema.All(Post);
    const renders = renderCounter();
    const seen = recorder<{ results: Post[]; nextPage: string } | undefined>();
    function Page() {
      renders.hit();
      seen.record(useQuery({ results: allPosts, nextPage: '' }));
      return null;
    }
    renderWith(store, <Page />);
    expect(seen.last?.results.map((post) => post.id)).toEqual([5, 6]);
    expect(seen.last?.nextPage).toBe('');
    const first = seen.last;
    const before = renders.count;
    act(() => {
      store.dispatch({ type: 'app/unrelated' });
      store.dispatch(rest.set(User, { id: 3 }, { id: 3, username: 'cy' }));
    });
    expect(renders.count).toBe(before);
    expect(seen.last).toBe(first);
  });
});
