/**
 * The example app's server, described by hand in example-app/server/openapi.yaml,
 * answers a client generated from that description: log in, who am I, list, a next page, get, create,
 * update, edit, delete and a custom action, through a real store with RTK's default checks.
 */
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../example-app/server';
import { generateToDir } from '../src';
import { storeWithRest, tempDir, typecheck } from './support';

const DESCRIPTION = join(__dirname, '../../example-app/server/openapi.yaml');
const outDir = tempDir('rtk-rest-codegen-app-');
const realFetch = globalThis.fetch;
let server: RunningServer;
let client: any;
let token = '';

beforeAll(async () => {
  server = await startServer({ port: 0 });
  await generateToDir(DESCRIPTION, outDir(), { baseUrl: `${server.url}/api` });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  client = require(join(outDir(), 'index.ts'));
  // Security schemes are not generated: an app sends the token from an Endpoint subclass's
  // getHeaders; the test adds it to every request instead.
  globalThis.fetch = ((input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Access-Token', token);
    return realFetch(input, { ...init, headers });
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

describe('a client generated from the example server’s description, against that server', () => {
  it('compiles with tsc --strict', () => {
    expect(typecheck(outDir())).toEqual([]);
  }, 60_000);

  it('logs in, asks who is signed in, then lists, pages, reads, creates, replaces, edits, likes and deletes posts', async () => {
    const { rest, store } = storeWithRest();
    const { PostResource, Post, User, logIn, likePost } = client;
    const form = new FormData();
    form.set('username', 'ada');
    form.set('password', 'password');
    const session: any = await store.dispatch(rest.fetch(logIn, form));
    expect(session.user.username).toBe('ada');
    token = session.access_token;
    const me: any = await store.dispatch(rest.fetch(client.getMe));
    expect(me).toBeInstanceOf(User);
    expect(me.username).toBe('ada');

    const page1: any = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
    expect(page1).toHaveLength(5);
    expect(page1[0]).toBeInstanceOf(Post);
    expect(page1[0].author).toBeInstanceOf(User);
    expect(page1[0].created_at).toBeInstanceOf(Date);
    await store.dispatch(rest.fetch(PostResource.getList.getPage, { group: 'react', page: 2 }));
    expect((rest.selectData(store.getState(), PostResource.getList, { group: 'react' }) as any[]).length).toBe(10);

    const first = page1[0].id;
    const post: any = await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: first }));
    expect(post.title).toBe(page1[0].title);

    const created: any = await store.dispatch(rest.fetch(PostResource.create, { group: 'react' }, { title: 'Generated', body: 'from OpenAPI' }));
    expect(created.author.username).toBe('ada');
    await store.dispatch(rest.fetch(PostResource.update, { group: 'react', id: created.id }, { title: 'Replaced', body: '' }));
    await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: first }, { title: 'Edited' }));
    const like: any = await store.dispatch(rest.fetch(likePost, { group: 'react', id: first }));
    expect(like.like_count).toBe(page1[0].like_count + 1);
    await store.dispatch(rest.fetch(PostResource.delete, { group: 'react', id: created.id }));

    const list = rest.selectData(store.getState(), PostResource.getList, { group: 'react' }) as any[];
    expect(list.map((p) => p.id)).not.toContain(created.id);
    expect(list.find((p) => p.id === first).title).toBe('Edited');
    const reread: any = await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: first }));
    expect(reread.title).toBe('Edited');
  }, 30_000);
});
