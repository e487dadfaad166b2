/**
 * With `runtimeUrlPrefix`, the generated client reads its URL prefix
 * at run time (`setUrlPrefix`), without subclassing — through a real store.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkConfig, generateToDir } from '../src';
import { storeWithRest, tempDir, typecheck } from './support';

const outDir = tempDir('rtk-rest-codegen-prefix-');
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('a URL prefix chosen at run time', () => {
  it('setUrlPrefix moves every endpoint and resource to another server; keys follow', async () => {
    const { files } = await generateToDir(join(__dirname, '../examples/bookshop.yaml'), join(outDir(), 'client'), { runtimeUrlPrefix: true });
    expect(files['server.ts']).toContain('export function setUrlPrefix(');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const client = require(join(outDir(), 'client/index.ts'));
    const urls: string[] = [];
    globalThis.fetch = (async (input: string | URL | Request) => {
      urls.push(String(input));
      const book = { id: 'b1', title: 'First', author: { id: 7, name: 'Ann' } };
      return new Response(JSON.stringify(/\/v\d\/books$/.test(String(input)) ? [book] : { items: [book], total: 1 }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const { rest, store } = storeWithRest();
    await store.dispatch(rest.fetch(client.BookResource.getList, {}));
    client.setUrlPrefix('https://staging.books.test/v2');
    await store.dispatch(rest.fetch(client.BookResource.getList, {}));
    await store.dispatch(rest.fetch(client.listAuthorBooks, { authorId: 7 }));
    expect(urls).toEqual(['https://books.example.com/v1/books', 'https://staging.books.test/v2/books', 'https://staging.books.test/v2/authors/7/books']);
    expect(client.BookResource.get.key({ id: 'b1' })).toBe('GET https://staging.books.test/v2/books/b1');
    expect(client.urlPrefix()).toBe('https://staging.books.test/v2');
  });

  it('the client compiles, and the option is checked in a config', () => {
    writeFileSync(join(outDir(), 'client/usage.ts'), "import { setUrlPrefix } from './index';\nsetUrlPrefix('/api');\n// @ts-expect-error a prefix is a string\nsetUrlPrefix(3);\n");
    expect(typecheck(join(outDir(), 'client'))).toEqual([]);
    expect(() => checkConfig({ runtimeUrlPrefix: 'yes' })).toThrow('"runtimeUrlPrefix" must be true or false');
  }, 60_000);
});
