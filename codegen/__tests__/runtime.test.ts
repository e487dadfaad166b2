/**
 * A generated client works with the library through a real store (RTK's default
 * serializable and immutable checks on): list with a page, get, create, update, delete, and a
 * wrapped, cursor-paginated list — against an in-memory bookshop answering `fetch`.
 */
import { join } from 'node:path';
import { generateToDir } from '../src';
import { storeWithRest, tempDir } from './support';

const PREFIX = 'https://books.example.com/v1';
const outDir = tempDir('rtk-rest-codegen-runtime-');
let client: any;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  await generateToDir(join(__dirname, '../examples/bookshop.yaml'), outDir());
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  client = require(join(outDir(), 'index.ts'));
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** The bookshop's server: books in memory, answering the generated client's requests. */
function bookshop() {
  const author = { id: 7, name: 'Ann' };
  const books = new Map<string, object>([
    ['b1', { id: 'b1', title: 'First', format: 'paper', published: '2020-01-02T03:04:05.000Z', author }],
    ['b2', { id: 'b2', title: 'Second', format: 'ebook', published: '2021-01-02T03:04:05.000Z', author }],
  ]);
  const requests: string[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (body: unknown, status = 200) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const id = /^\/v1\/books\/([^/]+)$/.exec(url.pathname)?.[1];
    if (url.pathname === '/v1/books' && method === 'GET') return send(url.searchParams.get('page') === '2' ? [{ id: 'b9', title: 'Old', author }] : [...books.values()]);
    if (url.pathname === '/v1/books' && method === 'POST') {
      const input = JSON.parse(String(init!.body));
      const book = { id: 'b3', title: input.title, format: 'paper', published: '2022-01-01T00:00:00.000Z', author };
      books.set('b3', book);
      return send(book, 201);
    }
    if (id && method === 'GET') return send(books.get(id));
    if (id && method === 'PUT') {
      const book = { ...books.get(id)!, title: JSON.parse(String(init!.body)).title };
      books.set(id, book);
      return send(book);
    }
    if (id && method === 'DELETE') {
      books.delete(id);
      return send(undefined, 204);
    }
    if (url.pathname === '/v1/authors/7/books') return send({ items: [...books.values()], total: books.size, next: null });
    return send({ message: 'not found' }, 404);
  }) as typeof fetch;
  return requests;
}

describe('a generated client against a server, through a real store', () => {
  it('lists, reads, creates, updates and deletes with the resource; Entities, nested Entities and dates are read', async () => {
    const requests = bookshop();
    const { rest, store } = storeWithRest();
    const { BookResource, Book, Author } = client;
    const list: any = await store.dispatch(rest.fetch(BookResource.getList, {}));
    expect(list.map((b: any) => b.title)).toEqual(['First', 'Second']);
    expect(list[0]).toBeInstanceOf(Book);
    expect(list[0].author).toBeInstanceOf(Author);
    expect(list[0].published).toEqual(new Date('2020-01-02T03:04:05.000Z'));

    const one: any = await store.dispatch(rest.fetch(BookResource.get, { id: 'b1' }));
    expect(one.title).toBe('First');

    await store.dispatch(rest.fetch(BookResource.create, { title: 'Third', authorId: 7 }));
    await store.dispatch(rest.fetch(BookResource.update, { id: 'b1' }, { title: 'Renamed', authorId: 7 }));
    await store.dispatch(rest.fetch(BookResource.delete, { id: 'b2' }));
    const after: any = rest.selectData(store.getState(), BookResource.getList, {});
    expect(after.map((b: any) => b.title)).toEqual(['Renamed', 'Third']);
    expect((rest.selectData(store.getState(), BookResource.get, { id: 'b1' }) as any).title).toBe('Renamed');

    // paginationField 'page': getPage appends the next page to the stored list.
    await store.dispatch(rest.fetch(BookResource.getList.getPage, { page: 2 }));
    expect((rest.selectData(store.getState(), BookResource.getList, {}) as any[]).map((b) => b.id)).toEqual(['b1', 'b3', 'b9']);
    expect(requests).toEqual([
      'GET /v1/books',
      'GET /v1/books/b1',
      'POST /v1/books',
      'PUT /v1/books/b1',
      'DELETE /v1/books/b2',
      'GET /v1/books?page=2',
    ]);
  });

  it('a wrapped list response is an object schema whose Collection holds the Entities', async () => {
    bookshop();
    const { rest, store } = storeWithRest();
    const { listAuthorBooks, Book } = client;
    const page: any = await store.dispatch(rest.fetch(listAuthorBooks, { authorId: 7 }));
    expect(page.total).toBe(2);
    expect(page.items.map((b: any) => b.id)).toEqual(['b1', 'b2']);
    expect(page.items[1]).toBeInstanceOf(Book);
    expect(client.urlPrefix).toBe(PREFIX);
  });
});
