/**
 * The recipes of docs/recipes: (a) the code shown in each page is the code of its .ts file, and
 * (b) every recipe does, against a real store, what its page promises.
 * The React recipes (token-from-context, request-init-from-react) are exercised in
 * recipes.dom.test.tsx; their code blocks are checked here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NetworkError, ResetError, RestEndpoint, createRest } from 'rtk-rest';
import { mockFetch } from 'rtk-rest/mock';
import { deferred, json, logicalSlice, nextTurn, rejectionOf, restoreFetchAfterEach, setup, stubFetch, storeFor } from './support';

import * as cookieSession from '../../docs/recipes/cookie-session';
import * as accessToken from '../../docs/recipes/access-token';
import * as login from '../../docs/recipes/login';
import * as unauthorized from '../../docs/recipes/unauthorized';
import * as refreshToken from '../../docs/recipes/refresh-token';
import * as pkFromUrl from '../../docs/recipes/pk-from-url';
import * as linkHeader from '../../docs/recipes/link-header';
import * as snakeCase from '../../docs/recipes/snake-case';
import * as renameKeys from '../../docs/recipes/rename-keys';
import * as datesAndDecimals from '../../docs/recipes/dates-and-decimals';
import * as formData from '../../docs/recipes/form-data';
import * as tenantPrefix from '../../docs/recipes/tenant-prefix';
import * as nestedQuery from '../../docs/recipes/nested-query';
import * as persistence from '../../docs/recipes/persistence';
import * as sse from '../../docs/recipes/sse';
import * as tokenInState from '../../docs/recipes/token-in-state';

const DOCS = path.resolve(__dirname, '../../docs');
const RECIPES = path.join(DOCS, 'recipes');
const A = 'https://api.example.com';

// =============================================================================================
// (a) the pages show the code that is tested

/** The lines strictly between `// #region recipe` and `// #endregion recipe`. */
function regionOf(file: string): string {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  expect(lines.filter((line) => line === '// #region recipe')).toHaveLength(1);
  expect(lines.filter((line) => line === '// #endregion recipe')).toHaveLength(1);
  const start = lines.indexOf('// #region recipe');
  const end = lines.indexOf('// #endregion recipe');
  expect(end).toBeGreaterThan(start + 1);
  return lines.slice(start + 1, end).join('\n');
}

/** Fenced code blocks of a markdown text: `{ lang, code }` with the code between the fences. */
function codeBlocks(markdown: string): { lang: string; code: string }[] {
  const blocks: { lang: string; code: string }[] = [];
  let open: { lang: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open === undefined) {
      const fence = /^```(\S*)\s*$/.exec(line);
      if (fence) open = { lang: fence[1]!, lines: [] };
    } else if (line === '```') {
      blocks.push({ lang: open.lang, code: open.lines.join('\n') });
      open = undefined;
    } else open.lines.push(line);
  }
  expect(open).toBeUndefined(); // every fence is closed
  return blocks;
}

const recipeNames = fs
  .readdirSync(RECIPES)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .map((file) => file.slice(0, -'.md'.length))
  .sort();

describe('(a) every recipe page embeds exactly the code of its .ts file', () => {
  it('there are recipes, and each .md has a .ts and each .ts a .md', () => {
    const tsNames = fs
      .readdirSync(RECIPES)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.slice(0, -'.ts'.length))
      .sort();
    expect(recipeNames.length).toBeGreaterThanOrEqual(14);
    expect(tsNames).toEqual(recipeNames);
  });

  it.each(recipeNames)('%s.md: its code blocks are the recipe region of its .ts file, byte for byte', (name) => {
    const blocks = codeBlocks(fs.readFileSync(path.join(RECIPES, `${name}.md`), 'utf8'));
    const code = blocks.filter(({ lang }) => /^(ts|tsx|typescript|js|javascript)$/.test(lang));
    expect(code.length).toBeGreaterThanOrEqual(1);
    // No TypeScript hides under another fence name: only ```ts blocks, each the tested region.
    for (const block of code) expect(block.lang).toBe('ts');
    const region = regionOf(path.join(RECIPES, `${name}.ts`));
    for (const block of code) expect(block.code).toBe(region);
  });

  it('the recipes index links every recipe', () => {
    const index = fs.readFileSync(path.join(RECIPES, 'README.md'), 'utf8');
    for (const name of recipeNames) expect(index).toContain(`](${name}.md)`);
  });

  it('every relative link of these pages points to an existing file', () => {
    const pages = [...PAGES.map((page) => path.join(DOCS, `${page}.md`)), ...fs.readdirSync(RECIPES).filter((f) => f.endsWith('.md')).map((f) => path.join(RECIPES, f))];
    const broken: string[] = [];
    for (const page of pages) {
      const text = fs.readFileSync(page, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const file = target!.split('#')[0]!;
        if (!fs.existsSync(path.resolve(path.dirname(page), file))) broken.push(`${path.relative(DOCS, page)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** The guides of docs/ (docs/reliability.md and docs/api/ are maintained elsewhere). */
const PAGES = ['README', 'getting-started', 'concepts', 'migrating-from-rtk-query', 'migrating-from-data-client', 'internals', 'server-rendering'];

/** `// #region <name>` … `// #endregion <name>` blocks of a file, in order. */
function namedRegionsOf(file: string): { name: string; code: string }[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const regions: { name: string; code: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = /^\/\/ #region (\S+)$/.exec(lines[i]!);
    if (!start) continue;
    const end = lines.indexOf(`// #endregion ${start[1]}`, i + 1);
    expect(end).toBeGreaterThan(i + 1);
    regions.push({ name: start[1]!, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return regions;
}

describe('(a) the guides embed exactly the code of their companion files', () => {
  it.each(PAGES)('%s.md: its code blocks are the regions of its .tsx companion, in order (or it has none)', (page) => {
    const blocks = codeBlocks(fs.readFileSync(path.join(DOCS, `${page}.md`), 'utf8')).filter(({ lang }) => /^(ts|tsx|typescript|js|javascript|jsx)$/.test(lang));
    const companion = path.join(DOCS, `${page}.tsx`);
    if (!fs.existsSync(companion)) {
      expect(blocks).toEqual([]);
      return;
    }
    const regions = namedRegionsOf(companion);
    expect(regions.length).toBeGreaterThan(0);
    expect(blocks.map(({ code }) => code)).toEqual(regions.map(({ code }) => code));
    for (const block of blocks) expect(block.lang).toMatch(/^tsx?$/);
  });
});

// =============================================================================================
// (b) the recipes work

restoreFetchAfterEach();

// RTK's serializable and immutability checks report through console.error; so does the library
// in development. A recipe that trips either fails here.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

const post = (id: number, title = `post ${id}`) => ({ id, title });

describe('cookie-session', () => {
  const { PostResource, Post, CookieEndpoint } = cookieSession;

  it("every member and extender of the resource sends credentials: 'same-origin'", async () => {
    const net = stubFetch((url, init) => (init.method === 'GET' && url.endsWith('/posts') ? json([post(5)]) : json(post(6, 'new'))));
    const { rest, store } = setup();
    const list = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
    await store.dispatch(rest.fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' }));
    await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 6 }, { title: 'new' }));
    await store.dispatch(rest.fetch(PostResource.delete, { group: 'react', id: 6 }));
    expect(net.calls().map(({ method, url, init }) => [method, url, init.credentials])).toEqual([
      ['GET', '/api/react/posts', 'same-origin'],
      ['POST', '/api/react/posts', 'same-origin'],
      ['PATCH', '/api/react/posts/6', 'same-origin'],
      ['DELETE', '/api/react/posts/6', 'same-origin'],
    ]);
    expect(PostResource.getList.push).toBeInstanceOf(CookieEndpoint);
    expect(list[0]).toBeInstanceOf(Post);
    expect(rest.selectData(store.getState(), PostResource.getList, { group: 'react' })!.map((p) => p.id)).toEqual([5]);
  });

  it('a plain RestEndpoint leaves credentials to the fetch default (what the recipe changes)', async () => {
    const net = stubFetch(() => json(post(5)));
    await new RestEndpoint({ path: '/api/posts/:id' })({ id: 5 });
    expect(net.calls()[0]!.init.credentials).toBeUndefined();
  });
});

describe('access-token', () => {
  const { PostResource, setAccessToken } = accessToken;
  afterEach(() => setAccessToken(undefined));

  it('without a token no Access-Token header is sent', async () => {
    const net = stubFetch(() => json(post(5)));
    const { rest, store } = setup();
    await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 }));
    expect(net.calls()[0]!.init.headers).toEqual({});
  });

  it('with a token every request carries it, read when the request is prepared', async () => {
    const net = stubFetch(() => json(post(5)));
    const { rest, store } = setup();
    setAccessToken('tok-1');
    const got = await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 }));
    setAccessToken('tok-2');
    await store.dispatch(rest.fetch(PostResource.update, { group: 'react', id: 5 }, { title: 'x' }));
    const [get, put] = net.calls();
    expect(get).toMatchObject({ method: 'GET', url: `${A}/react/posts/5` });
    expect(get!.init.headers).toEqual({ 'Access-Token': 'tok-1' });
    expect(put).toMatchObject({ method: 'PUT', headers: { 'access-token': 'tok-2', 'content-type': 'application/json' } });
    expect(got.title).toBe('post 5');
  });

  it('the token appears in no action and nowhere in the state', async () => {
    stubFetch(() => json(post(5)));
    const { rest, store, actions } = setup();
    setAccessToken('secret-token');
    await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 }));
    await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 5 }, { title: 'y' }));
    expect(actions.length).toBeGreaterThan(0);
    expect(JSON.stringify(actions)).not.toContain('secret-token');
    expect(JSON.stringify(store.getState())).not.toContain('secret-token');
  });
});

describe('login', () => {
  const { logIn } = login;
  afterEach(() => accessToken.setAccessToken(undefined));

  it('posts the form as is (no Content-Type from the library), then requests carry the token', async () => {
    const net = stubFetch((url) => (url.endsWith('/login') ? json({ accessToken: 'tok-ann' }) : json(post(5))));
    await logIn('ann', 's3cret');
    const [sent] = net.calls();
    expect(sent).toMatchObject({ method: 'POST', url: `${A}/login` });
    const body = sent!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.entries()]).toEqual([
      ['username', 'ann'],
      ['password', 's3cret'],
    ]);
    expect(sent!.headers).toEqual({}); // the platform writes the multipart boundary itself
    expect(new Request(sent!.url, { method: 'POST', body }).headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);

    const { rest, store, actions } = setup();
    await store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 5 }));
    expect(net.calls()[1]!.headers['access-token']).toBe('tok-ann');
    expect(JSON.stringify([actions, store.getState()])).not.toMatch(/tok-ann|s3cret/);
  });

  it('a refused login rejects with the NetworkError and sets no token', async () => {
    const net = stubFetch((url) => (url.endsWith('/login') ? json({ message: 'bad credentials' }, 401) : json(post(5))));
    const error = await rejectionOf(logIn('ann', 'wrong'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(401);
    await accessToken.PostResource.get({ group: 'react', id: 5 });
    expect(net.calls()[1]!.headers['access-token']).toBeUndefined();
  });
});

describe('login through the store', () => {
  afterEach(() => accessToken.setAccessToken(undefined));

  it('signIn through the store returns the user and leaves the token out of every action and the state; the next request carries it', async () => {
    const net = stubFetch((url) => (url.endsWith('/users/login') ? json({ username: 'ann', email: 'ann@example.com', accessToken: 'tok-signed-in' }) : json(post(5))));
    const { rest, store, actions } = setup();
    const user = await store.dispatch(rest.fetch(login.signIn, { email: 'ann@example.com', password: 's3cret' }));
    expect(user).toEqual({ username: 'ann', email: 'ann@example.com' });
    expect(JSON.stringify([actions, store.getState()])).not.toContain('tok-signed-in');
    await store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 5 }));
    expect(net.calls()[1]!.headers['access-token']).toBe('tok-signed-in');
  });
});

describe('unauthorized (401 → onUnauthorized)', () => {
  const { makeStore, rest } = unauthorized;
  afterEach(() => accessToken.setAccessToken(undefined));

  it('a 401 forgets the token, flags the session and resets the cache before the promise rejects', async () => {
    const p5 = { group: 'react', id: 5 };
    const hanging = deferred();
    const net = stubFetch((url) => {
      if (url.endsWith('/5')) return json(post(5));
      if (url.endsWith('/7')) return hanging.promise;
      return json({ message: 'token expired' }, 401);
    });
    const store = makeStore();
    accessToken.setAccessToken('tok');
    await store.dispatch(rest.fetch(accessToken.PostResource.get, p5));
    expect(rest.selectData(store.getState(), accessToken.PostResource.get, p5)?.title).toBe('post 5');

    const inFlight = store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 7 }));
    const seenWhenRejected: unknown[] = [];
    const failed = store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 6 })).catch((error: unknown) => {
      const state = store.getState();
      seenWhenRejected.push(state.session.expired, rest.selectData(state, accessToken.PostResource.get, p5), state.rest.lastReset > 0);
      throw error;
    });
    const error = await rejectionOf(failed);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(401);
    expect(seenWhenRejected).toEqual([true, undefined, true]); // onUnauthorized ran first
    expect(await rejectionOf(inFlight)).toBeInstanceOf(ResetError); // cut off by the reset

    await rejectionOf(store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 8 })));
    expect(net.calls().map(({ headers }) => headers['access-token'])).toEqual(['tok', 'tok', 'tok', undefined]);
    hanging.resolve(json(post(7)));
  });

  it('plain endpoint calls and other errors leave the session alone', async () => {
    stubFetch((url) => (url.endsWith('/6') ? json({ message: 'no' }, 401) : json({ message: 'boom' }, 500)));
    const store = makeStore();
    accessToken.setAccessToken('tok');
    expect((await rejectionOf(accessToken.PostResource.get({ group: 'react', id: 6 }))).status).toBe(401);
    expect((await rejectionOf(store.dispatch(rest.fetch(accessToken.PostResource.get, { group: 'react', id: 9 })))).status).toBe(500);
    expect(store.getState().session.expired).toBe(false);
    expect(store.getState().rest.lastReset).toBe(0);
  });
});

describe('refresh-token', () => {
  const { PostResource, setTokens } = refreshToken;
  afterEach(() => setTokens({}));

  function server(refreshStatus = 200) {
    return stubFetch((url, init) => {
      const token = new Headers(init.headers).get('access-token');
      if (url.endsWith('/token/refresh')) return refreshStatus === 200 ? json({ accessToken: 'fresh' }) : json({ message: 'expired' }, refreshStatus);
      return token === 'fresh' ? json(post(Number(url.split('/').pop()))) : json({ message: 'expired' }, 401);
    });
  }

  it('requests failing with 401 together share one refresh, then retry with the new token', async () => {
    const net = server();
    const onUnauthorized = jest.fn();
    const rest = createRest({ gc: false, onUnauthorized });
    const { store } = storeFor(rest);
    setTokens({ accessToken: 'stale', refreshToken: 'r-1' });
    const [a, b] = await Promise.all([
      store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 })),
      store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 6 })),
    ]);
    expect([a.title, b.title]).toEqual(['post 5', 'post 6']);
    const calls = net.calls();
    expect(calls.filter(({ url }) => url.endsWith('/token/refresh'))).toHaveLength(1);
    expect(JSON.parse(calls.find(({ url }) => url.endsWith('/token/refresh'))!.init.body as string)).toEqual({ refreshToken: 'r-1' });
    expect(calls.filter(({ headers }) => headers['access-token'] === 'fresh').map(({ url }) => url).sort()).toEqual([`${A}/react/posts/5`, `${A}/react/posts/6`]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The new token is kept: the next request goes straight through.
    await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 7 }));
    expect(net.calls()).toHaveLength(calls.length + 1);
  });

  it('when the refresh fails the original 401 reaches the caller and onUnauthorized', async () => {
    const net = server(401);
    const onUnauthorized = jest.fn();
    const rest = createRest({ gc: false, onUnauthorized });
    const { store } = storeFor(rest);
    setTokens({ accessToken: 'stale', refreshToken: 'r-1' });
    const error = await rejectionOf(store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 })));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`${A}/react/posts/5`);
    expect(onUnauthorized).toHaveBeenCalledWith(error, expect.anything());
    expect(net.calls().map(({ url }) => url)).toEqual([`${A}/react/posts/5`, `${A}/token/refresh`]);
  });

  it('without a refresh token, and for other errors, nothing is retried', async () => {
    const net = server();
    const { rest, store } = setup();
    setTokens({ accessToken: 'stale' });
    expect((await rejectionOf(store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 })))).status).toBe(401);
    expect(net.calls()).toHaveLength(1);
  });
});

describe('pk-from-url', () => {
  const { getProfile, Profile } = pkFromUrl;

  it('{"bio":"hi"} for ann is stored as Profile "ann" and read back as a Profile', async () => {
    const net = stubFetch(() => json({ bio: 'hi' }));
    const { rest, store } = setup();
    const profile = await store.dispatch(rest.fetch(getProfile, { username: 'ann' }));
    expect(net.calls()[0]!.url).toBe(`${A}/users/ann/profile`);
    expect(profile).toBeInstanceOf(Profile);
    expect(profile).toMatchObject({ username: 'ann', bio: 'hi' });
    expect(logicalSlice(rest, store.getState()).entities.Profile).toEqual({ ann: { bio: 'hi', username: 'ann' } });
    expect(rest.selectQuery(store.getState(), Profile, 'ann')?.bio).toBe('hi');
  });

  it('without the process step the same answer fails: it has no primary key', async () => {
    stubFetch(() => json({ bio: 'hi' }));
    const { rest, store } = setup();
    const bare = new RestEndpoint({ urlPrefix: A, path: '/users/:username/profile', schema: Profile });
    const error = await rejectionOf(store.dispatch(rest.fetch(bare, { username: 'ann' })));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/primary key/);
  });
});

describe('link-header', () => {
  const { getPosts, nextPage, Post } = linkHeader;
  const react = { group: 'react' };

  it('the list keeps the Link header; getPage appends the next page and replaces the link', async () => {
    const LINK = `<${A}/react/posts?page=2>; rel="next"`;
    const net = stubFetch((url, init) => {
      if (init.method === 'POST') return json({ id: 4, title: 'new' });
      return url.endsWith('page=2') ? json([post(2), post(3)]) : json([post(1), post(2)], 200, { Link: LINK });
    });
    const { rest, store } = setup();
    const first = await store.dispatch(rest.fetch(getPosts, react));
    expect(first.link).toBe(LINK);
    expect(first.results.map((p) => p.id)).toEqual([1, 2]);
    expect(first.results[0]).toBeInstanceOf(Post);
    expect(nextPage(first.link)).toBe(2);

    const merged = await store.dispatch(rest.fetch(getPosts.getPage, { ...react, page: nextPage(first.link)! }));
    expect(net.calls()[1]!.url).toBe(`${A}/react/posts?page=2`);
    expect(merged.results.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(merged.link).toBe('');
    expect(nextPage(merged.link)).toBeUndefined();
    const list = rest.selectData(store.getState(), getPosts, react)!;
    expect(list).toEqual(merged);
    expect(list.results[2]).toBeInstanceOf(Post);

    // push is a POST: its answer is not wrapped, and the created post joins the list.
    const created = await store.dispatch(rest.fetch(getPosts.push, react, { title: 'new' }));
    expect(created).toBeInstanceOf(Post);
    expect(rest.selectData(store.getState(), getPosts, react)!.results.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('nextPage reads rel="next" among several links', () => {
    expect(nextPage(`<${A}/react/posts?page=1>; rel="prev", <${A}/react/posts?page=3>; rel="next"`)).toBe(3);
    expect(nextPage(`<${A}/react/posts?page=1>; rel="prev"`)).toBeUndefined();
  });
});

describe('snake-case', () => {
  const { ActivityResource, Activity } = snakeCase;

  it('snake_case on the wire, camelCase in the store, the queries and the bodies', async () => {
    const net = stubFetch((_url, init) =>
      init.method === 'PATCH'
        ? json({ id: 1, user_id: 4, created_at: '2024-01-01T00:00:00.000Z' })
        : json([{ id: 1, user_id: 3, created_at: '2024-01-01T00:00:00.000Z', extra_info: { first_name: 'Ann' } }]),
    );
    const { rest, store } = setup();
    const list = await store.dispatch(rest.fetch(ActivityResource.getList, { sortBy: 'date' }));
    expect(net.calls()[0]!.url).toBe(`${A}/activities?sort_by=date`);
    expect(ActivityResource.getList.key({ sortBy: 'date' })).toBe(`GET ${A}/activities?sort_by=date`);
    expect(list[0]).toBeInstanceOf(Activity);
    expect(list[0]).toMatchObject({ id: 1, userId: 3, extraInfo: { firstName: 'Ann' } });
    expect(list[0]!.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(logicalSlice(rest, store.getState()).entities.Activity['1']).toEqual({
      id: 1,
      userId: 3,
      createdAt: '2024-01-01T00:00:00.000Z',
      extraInfo: { firstName: 'Ann' },
    });

    await store.dispatch(rest.fetch(ActivityResource.partialUpdate, { id: 1 }, { userId: 4 }));
    expect(net.calls()[1]!.init.body).toBe('{"user_id":4}');
    expect(rest.selectData(store.getState(), ActivityResource.getList, { sortBy: 'date' })![0]!.userId).toBe(4);
  });

  it('a FormData body passes through untouched', async () => {
    const net = stubFetch(() => json({ id: 1, user_id: 3 }));
    const form = new FormData();
    form.append('userId', '3');
    await ActivityResource.partialUpdate({ id: 1 }, form);
    expect(net.calls()[0]!.init.body).toBe(form);
    expect(form.get('userId')).toBe('3');
  });
});

describe('rename-keys', () => {
  const { ThreadResource, Comment } = renameKeys;

  it('_id becomes id for every Comment, nested ones included', async () => {
    stubFetch(() => json({ id: 1, title: 't', comments: [{ _id: 'c1', body: 'a' }, { _id: 'c2', body: 'b' }] }));
    const { rest, store } = setup();
    const thread = await store.dispatch(rest.fetch(ThreadResource.get, { id: 1 }));
    expect(thread.comments.map((comment) => comment.id)).toEqual(['c1', 'c2']);
    expect(thread.comments[0]).toBeInstanceOf(Comment);
    const slice = logicalSlice(rest, store.getState());
    expect(slice.entities.Comment).toEqual({ c1: { id: 'c1', body: 'a' }, c2: { id: 'c2', body: 'b' } });
    expect(slice.entities.Thread['1'].comments).toEqual(['c1', 'c2']);
    expect(rest.selectQuery(store.getState(), Comment, 'c2')?.body).toBe('b');
  });
});

describe('dates-and-decimals', () => {
  const { InvoiceResource, Invoice, Decimal } = datesAndDecimals;
  const wire = { id: 'i1', issuedAt: '2024-05-01T10:00:00Z', total: '1234.5678901234567890' };

  it('the store keeps the wire strings; reads give a Date and a Decimal; bodies send them back exactly', async () => {
    const net = stubFetch(() => json(wire));
    const { rest, store } = setup();
    const invoice = await store.dispatch(rest.fetch(InvoiceResource.get, { id: 'i1' }));
    expect(logicalSlice(rest, store.getState()).entities.Invoice).toEqual({ i1: wire });
    expect(invoice).toBeInstanceOf(Invoice);
    expect(invoice.issuedAt).toBeInstanceOf(Date);
    expect(invoice.issuedAt.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(invoice.total).toBeInstanceOf(Decimal);
    expect(String(invoice.total)).toBe('1234.5678901234567890');
    // Deserialized once per stored object: the same Date on every read.
    expect(rest.selectData(store.getState(), InvoiceResource.get, { id: 'i1' })!.issuedAt).toBe(invoice.issuedAt);

    await store.dispatch(rest.fetch(InvoiceResource.partialUpdate, { id: 'i1' }, { issuedAt: invoice.issuedAt, total: invoice.total }));
    expect(net.calls()[1]!.init.body).toBe('{"issuedAt":"2024-05-01T10:00:00.000Z","total":"1234.5678901234567890"}');
  });

  it('an absent field reads as its default, which is never deserialized', async () => {
    stubFetch(() => json({ id: 'i2' }));
    const { rest, store } = setup();
    const invoice = await store.dispatch(rest.fetch(InvoiceResource.get, { id: 'i2' }));
    expect(invoice.issuedAt.getTime()).toBe(0);
    expect(String(invoice.total)).toBe('0.00');
  });
});

describe('form-data', () => {
  const { PhotoResource, Photo, photoForm } = formData;
  const summer = { album: 'summer' };

  it('a FormData upload is sent as is and shows in the list at once', async () => {
    const answer = deferred();
    const net = stubFetch((_url, init) => (init.method === 'POST' ? answer.promise : json([])));
    const { rest, store } = setup();
    await store.dispatch(rest.fetch(PhotoResource.getList, summer));
    const form = photoForm('Beach', new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    const created = store.dispatch(rest.fetch(PhotoResource.getList.push, summer, form));
    // At once (the pending action is dispatched synchronously), an optimistic placeholder built
    // from the form's text entries and the path parameters; the file is left out.
    const shown = rest.selectData(store.getState(), PhotoResource.getList, summer)!;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ caption: 'Beach', album: 'summer', id: 0 });
    expect(shown[0]).not.toHaveProperty('file');

    await nextTurn();
    const upload = net.calls()[1]!;
    expect(upload).toMatchObject({ method: 'POST', url: `${A}/albums/summer/photos` });
    expect(upload.init.body).toBe(form);
    expect(upload.headers['content-type']).toBeUndefined();

    answer.resolve(json({ id: 9, album: 'summer', caption: 'Beach', url: 'https://cdn.example.com/9.jpg' }));
    expect(await created).toBeInstanceOf(Photo);
    expect(rest.selectData(store.getState(), PhotoResource.getList, summer)!.map((p) => [p.id, p.url])).toEqual([[9, 'https://cdn.example.com/9.jpg']]);
  });

  it('a failed upload takes the placeholder away again', async () => {
    const net = stubFetch((_url, init) => (init.method === 'POST' ? json({ message: 'too large' }, 413) : json([])));
    const { rest, store } = setup();
    const before = await store.dispatch(rest.fetch(PhotoResource.getList, summer));
    const error = await rejectionOf(store.dispatch(rest.fetch(PhotoResource.getList.push, summer, photoForm('Huge', new Blob(['x'])))));
    expect(error.status).toBe(413);
    expect(net.calls()).toHaveLength(2);
    expect(rest.selectData(store.getState(), PhotoResource.getList, summer)).toEqual(before);
  });

  it('update with a FormData shows the new caption before the server answers', async () => {
    const answer = deferred();
    stubFetch((_url, init) => (init.method === 'PUT' ? answer.promise : json({ id: 9, album: 'summer', caption: 'Beach' })));
    const { rest, store } = setup();
    await store.dispatch(rest.fetch(PhotoResource.get, { album: 'summer', id: 9 }));
    const form = new FormData();
    form.append('caption', 'Sunset');
    const saved = store.dispatch(rest.fetch(PhotoResource.update, { album: 'summer', id: 9 }, form));
    expect(rest.selectData(store.getState(), PhotoResource.get, { album: 'summer', id: 9 })?.caption).toBe('Sunset');
    answer.resolve(json({ id: 9, album: 'summer', caption: 'Sunset!' }));
    expect((await saved).caption).toBe('Sunset!');
  });
});

describe('tenant-prefix (urlPrefix as a function)', () => {
  const { PostResource, Post, rest, makeStore, switchApiRoot } = tenantPrefix;
  const ROOTS = ['https://acme.example.com', 'https://ghe.example.com/api/v3', 'http://localhost:8080'];
  const [ACME, GHE] = ROOTS as [string, string, string];
  afterEach(() => void makeStore().dispatch(switchApiRoot(ACME)));

  /** Every root has posts 5 and 6 (ids are per installation); titles name the root that answered. */
  const perRoot = (url: string) => {
    const root = ROOTS.find((each) => url.startsWith(`${each}/`))!;
    return json(url.endsWith('/posts') ? [post(5, `${root} five`), post(6, `${root} six`)] : post(5, `${root} five`));
  };

  it("each root's requests and keys are its own (a host, a path on a host, http with a port), and a switch keeps only the new root's", async () => {
    const net = stubFetch(perRoot);
    const store = makeStore();
    for (const root of ROOTS) {
      store.dispatch(switchApiRoot(root));
      await store.dispatch(rest.fetch(PostResource.get, { id: 5 }));
    }
    expect(net.calls().map(({ url }) => url)).toEqual(ROOTS.map((root) => `${root}/posts/5`));
    expect(rest.selectData(store.getState(), PostResource.get, { id: 5 })?.title).toBe('http://localhost:8080 five');
    expect(Object.keys(logicalSlice(rest, store.getState()).endpoints)).toEqual(['GET http://localhost:8080/posts/5']);
  });

  it('two roots that both have post 5: root A never reads root B\'s post, before or after switching (key reads, lists and entity reads)', async () => {
    const net = stubFetch(perRoot);
    const store = makeStore();
    const reads = () => ({
      post: rest.selectData(store.getState(), PostResource.get, { id: 5 })?.title,
      list: rest.selectData(store.getState(), PostResource.getList)?.map((each) => each.title),
      entity: rest.selectQuery(store.getState(), Post, '5')?.title,
    });
    const nothing = { post: undefined, list: undefined, entity: undefined };
    const loaded = async (root: string) => {
      await store.dispatch(rest.fetchIfStale(PostResource.get, { id: 5 }));
      await store.dispatch(rest.fetchIfStale(PostResource.getList));
      expect(reads()).toEqual({ post: `${root} five`, list: [`${root} five`, `${root} six`], entity: `${root} five` });
    };
    await loaded(ACME);
    store.dispatch(switchApiRoot(GHE));
    expect(reads()).toEqual(nothing);
    await loaded(GHE);
    store.dispatch(switchApiRoot(ACME));
    expect(reads()).toEqual(nothing);
    await loaded(ACME);
    // Back on the first root, its reads were fetched again from it.
    expect(net.calls().map(({ url }) => url)).toEqual([`${ACME}/posts/5`, `${ACME}/posts`, `${GHE}/posts/5`, `${GHE}/posts`, `${ACME}/posts/5`, `${ACME}/posts`]);
  });

  it("a request of the old root still in flight at the switch is dropped (ResetError): its answer never reaches the new root's reads", async () => {
    const slow = deferred();
    stubFetch((url) => (url.startsWith(ACME) ? slow.promise : perRoot(url)));
    const store = makeStore();
    const pending = store.dispatch(rest.fetch(PostResource.get, { id: 5 }));
    store.dispatch(switchApiRoot(GHE));
    expect(await rejectionOf(pending)).toBeInstanceOf(ResetError);
    slow.resolve(json(post(5, `${ACME} five`)));
    await nextTurn();
    expect(rest.selectQuery(store.getState(), Post, '5')).toBeUndefined();
    expect((await store.dispatch(rest.fetch(PostResource.get, { id: 5 }))).title).toBe(`${GHE} five`);
    expect(rest.selectQuery(store.getState(), Post, '5')?.title).toBe(`${GHE} five`);
  });

  it('switching to the root already in use keeps the cache', async () => {
    const net = stubFetch(perRoot);
    const store = makeStore();
    await store.dispatch(rest.fetch(PostResource.get, { id: 5 }));
    store.dispatch(switchApiRoot(ACME));
    expect(rest.selectData(store.getState(), PostResource.get, { id: 5 })?.title).toBe(`${ACME} five`);
    await store.dispatch(rest.fetchIfStale(PostResource.get, { id: 5 }));
    expect(net.fn).toHaveBeenCalledTimes(1);
  });

  it.each(ROOTS)('invalidateAll and expireAll with an endpoint reach the keys of the current root %s, whatever its shape', async (root) => {
    stubFetch(perRoot);
    const store = makeStore();
    store.dispatch(switchApiRoot(root));
    await store.dispatch(rest.fetch(PostResource.getList));
    store.dispatch(rest.expireAll(PostResource.getList));
    expect(rest.selectResponse(store.getState(), PostResource.getList).expiryStatus).toBe('stale');
    store.dispatch(rest.invalidateAll(PostResource.getList));
    expect(rest.selectResponse(store.getState(), PostResource.getList).expiryStatus).toBe('invalid');
  });

  it('mockFetch interceptors match any root through testKey', async () => {
    globalThis.fetch = mockFetch([{ endpoint: PostResource.get, response: post(5, 'from fixture') }]);
    const store = makeStore();
    for (const root of ROOTS) {
      store.dispatch(switchApiRoot(root));
      expect((await store.dispatch(rest.fetch(PostResource.get, { id: 5 }))).title).toBe('from fixture');
    }
  });
});

describe('nested-query', () => {
  const { PostResource, bracketQuery } = nestedQuery;

  it('nested values become bracket notation; key order does not change the key', async () => {
    const net = stubFetch(() => json([{ id: 1, title: 't', tag: 'a' }]));
    const { rest, store } = setup();
    const params = { filter: { tag: 'a', author: 'ann' }, sort: ['date'] };
    const posts = await store.dispatch(rest.fetch(PostResource.getList, params));
    expect(net.calls()[0]!.url).toBe(`${A}/posts?filter[author]=ann&filter[tag]=a&sort[0]=date`);
    // The same parameters in another order are the same request: served from the cache.
    const reordered = { sort: ['date'], filter: { author: 'ann', tag: 'a' } };
    expect(PostResource.getList.key(reordered)).toBe(PostResource.getList.key(params));
    expect(await store.dispatch(rest.fetchIfStale(PostResource.getList, reordered))).toEqual(posts);
    expect(net.fn).toHaveBeenCalledTimes(1);
  });

  it('bracketQuery encodes keys and values and skips empty values', () => {
    expect(bracketQuery({ q: 'a b&c', filter: { 'x y': 1, none: undefined }, empty: null })).toBe('filter[x%20y]=1&q=a%20b%26c');
  });

  it('the default searchToString refuses nested values (why the recipe overrides it)', () => {
    const plain = new RestEndpoint({ path: '/posts', searchParams: {} as { filter?: { tag?: string } } });
    expect(() => plain.url({ filter: { tag: 'a' } })).toThrow(/searchToString/);
  });
});

describe('persistence: redux-persist with a real store', () => {
  const { PostResource, Post, makePersistedStore, rest } = persistence;
  type Persistor = ReturnType<typeof makePersistedStore>['persistor'];

  /** In-memory storage whose reads wait for `open()` (so a test decides when rehydration lands). */
  function memoryStorage(items = new Map<string, string>()) {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const storage = {
      getItem: async (key: string) => {
        await gate;
        return items.get(key) ?? null;
      },
      setItem: async (key: string, value: string) => void items.set(key, value),
      removeItem: async (key: string) => void items.delete(key),
    };
    return { storage, items, open };
  }

  const bootstrapped = (persistor: Persistor) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!persistor.getState().bootstrapped) return;
        unsubscribe();
        resolve();
      };
      const unsubscribe = persistor.subscribe(check);
      check();
    });

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  });
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('saves the slice, and on the next start merges it by freshness: no pending request comes back, old data is stale and refetched', async () => {
    // Session 1, at t = 1000: two posts fetched, a third request still in flight when saved.
    jest.setSystemTime(1000);
    const first = memoryStorage();
    first.open();
    const slow = deferred();
    stubFetch((url) => (url.endsWith('/posts/7') ? slow.promise : json([{ id: 5, title: 'saved five' }, { id: 6, title: 'saved six' }])));
    const one = makePersistedStore(first.storage);
    await bootstrapped(one.persistor);
    await one.store.dispatch(rest.fetch(PostResource.getList));
    void one.store.dispatch(rest.fetch(PostResource.get, { id: 7 }));
    await one.persistor.flush();
    expect(JSON.parse(JSON.parse(first.items.get('persist:root')!).rest).meta[`GET ${A}/posts/7`].pending).toHaveLength(1);

    // Session 2, ten minutes later: post 5 is fetched before the saved state is read back.
    jest.setSystemTime(601_000);
    const second = memoryStorage(first.items);
    const net = stubFetch((url) => json(url.endsWith('/posts/5') ? { id: 5, title: 'live five' } : [{ id: 5, title: 'live five' }, { id: 6, title: 'fresh six' }]));
    const two = makePersistedStore(second.storage);
    await two.store.dispatch(rest.fetch(PostResource.get, { id: 5 }));
    second.open();
    await bootstrapped(two.persistor);
    const state = two.store.getState();
    expect(state._persist.rehydrated).toBe(true);
    // Newer wins: this session's post 5, the saved post 6.
    expect(rest.selectEntity(state, Post, 5)?.title).toBe('live five');
    expect(rest.selectEntity(state, Post, 6)?.title).toBe('saved six');
    // The saved request for post 7 belongs to no request of this store.
    expect(rest.selectResponse(state, PostResource.get, { id: 7 })).toMatchObject({ status: 'uninitialized', isFetching: false });
    // The saved list is shown, stale (past its expiry), and refetched.
    expect(rest.selectResponse(state, PostResource.getList)).toMatchObject({ expiryStatus: 'stale', status: 'fulfilled' });
    expect(rest.selectData(state, PostResource.getList)?.map((post) => post.title)).toEqual(['live five', 'saved six']);
    await two.store.dispatch(rest.fetchIfStale(PostResource.getList));
    expect(net.calls().map((call) => call.url)).toEqual([`${A}/posts/5`, `${A}/posts`]);
    expect(rest.selectResponse(two.store.getState(), PostResource.getList).expiryStatus).toBe('valid');
    expect(rest.selectEntity(two.store.getState(), Post, 6)?.title).toBe('fresh six');
    slow.resolve(json({ id: 7, title: 'late' }));
  });
});

describe('recipe sse (server-sent events through stream(...))', () => {
  const { getMatch, Match } = sse;

  /** A fake EventSource: records its URL and listeners; `emit` delivers a message. */
  class FakeEventSource {
    static opened: FakeEventSource[] = [];
    readonly listeners = new Map<string, Set<(event: { data: string }) => void>>();
    closed = false;
    constructor(readonly url: string) {
      FakeEventSource.opened.push(this);
    }
    addEventListener(type: string, listener: (event: { data: string }) => void): void {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(listener);
    }
    close(): void {
      this.closed = true;
    }
    /** What a browser's EventSource does on a message, unless closed. */
    emit(data: unknown): void {
      if (this.closed) return;
      for (const listener of this.listeners.get('message') ?? []) listener({ data: JSON.stringify(data) });
    }
  }

  const original = (globalThis as { EventSource?: unknown }).EventSource;
  beforeEach(() => {
    FakeEventSource.opened = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = original;
  });

  it('subscribers share one connection; pushed matches update every reader; the last one leaving closes it', () => {
    const { rest, store, actions } = setup();
    const first = store.dispatch(rest.subscribe(getMatch, { id: 7 }));
    const second = store.dispatch(rest.subscribe(getMatch, { id: 7 }));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([`${A}/matches/7/events`]);
    const [source] = FakeEventSource.opened;
    source!.emit({ id: 7, home: 1, away: 0 });
    expect(rest.selectData(store.getState(), getMatch, { id: 7 })).toBeInstanceOf(Match);
    expect(rest.selectQuery(store.getState(), Match, 7)).toMatchObject({ home: 1, away: 0 });
    source!.emit({ id: 7, home: 2, away: 0 });
    expect(logicalSlice(rest, store.getState()).entities.Match).toEqual({ 7: { id: 7, home: 2, away: 0 } });
    first();
    expect(source!.closed).toBe(false);
    second();
    expect(source!.closed).toBe(true);
    const written = actions.length;
    const late = source!.listeners.get('message')!;
    for (const listener of late) listener({ data: JSON.stringify({ id: 7, home: 9, away: 9 }) });
    expect(actions).toHaveLength(written);
    expect(rest.selectQuery(store.getState(), Match, 7)?.home).toBe(2);
  });
});

describe('token-in-state', () => {
  const { PostResource, logIn, loggedOut, makeStore, rest } = tokenInState;
  const p5 = { group: 'react', id: 5 };
  const server = () => stubFetch((url, init) => (url.endsWith('/login') ? json({ token: `tok-${JSON.parse(String(init.body)).username}` }) : json(post(5))));

  it('no header before login; after logIn every read and mutation carries the token of the moment; a logout stops it', async () => {
    const net = server();
    const store = makeStore();
    await store.dispatch(rest.fetch(PostResource.get, p5));
    await logIn(store, 'ann', 's3cret');
    await store.dispatch(rest.fetch(PostResource.get, p5));
    await store.dispatch(rest.fetch(PostResource.partialUpdate, p5, { title: 'new' }));
    store.dispatch(loggedOut());
    await store.dispatch(rest.fetch(PostResource.get, p5));
    expect(net.calls().map(({ method, url, headers }) => [method, url.slice(A.length), headers.authorization])).toEqual([
      ['GET', '/react/posts/5', undefined],
      ['POST', '/login', undefined],
      ['GET', '/react/posts/5', 'Bearer tok-ann'],
      ['PATCH', '/react/posts/5', 'Bearer tok-ann'],
      ['GET', '/react/posts/5', undefined],
    ]);
  });

  it("two stores send their own tokens side by side, and rest's slice and actions never contain one", async () => {
    const net = server();
    const seen: unknown[] = [];
    const [ann, bob] = [makeStore(), makeStore()];
    for (const store of [ann, bob]) store.subscribe(() => seen.push(store.getState().rest));
    await logIn(ann, 'ann', 'a');
    await logIn(bob, 'bob', 'b');
    await Promise.all([ann.dispatch(rest.fetch(PostResource.get, p5)), bob.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 6 }))]);
    const reads = net.calls().filter(({ method }) => method === 'GET');
    expect(reads.map(({ url, headers }) => [url.slice(A.length), headers.authorization])).toEqual([
      ['/react/posts/5', 'Bearer tok-ann'],
      ['/react/posts/6', 'Bearer tok-bob'],
    ]);
    expect(ann.getState().auth.token).toBe('tok-ann');
    expect(JSON.stringify([seen, ann.getState().rest, bob.getState().rest])).not.toMatch(/tok-/);
  });

  it('a plain call has no store, so it sends no token', async () => {
    const net = server();
    const store = makeStore();
    await logIn(store, 'ann', 'a');
    await PostResource.get(p5);
    expect(net.calls()[1]!.headers.authorization).toBeUndefined();
  });
});
