/** Each mapping rule on a small hand-written description, and the output compiles. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CodegenConfig, generateToDir } from '../src';
import { main } from '../src/cli';
import { tempDir, typecheck } from './support';

const outDir = tempDir('rtk-rest-codegen-rules-');
let count = 0;

const dirs: string[] = [];
/** Writes `doc` to a file and generates from it; the output joins the final type check. */
async function run(doc: object, config: CodegenConfig = {}) {
  const file = join(outDir(), `spec${++count}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const dir = join(outDir(), `out${count}`);
  const result = await generateToDir(file, dir, config);
  dirs.push(dir);
  return result;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
function spec(schemas: object, paths: object = {}) {
  return { openapi: '3.0.3', info: { title: 'Shop', version: '1' }, servers: [{ url: 'https://shop.test/v1' }], paths, components: { schemas } };
}

const shop = spec(
  {
    Author: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    Book: {
      type: 'object',
      required: ['id', 'author'],
      properties: {
        id: { type: 'string' },
        title: { type: 'string', description: 'As printed on the cover.' },
        pages: { type: 'integer', default: 100 },
        format: { type: 'string', enum: ['paper', 'ebook'] },
        published: { type: 'string', format: 'date-time' },
        retired: { type: 'string', format: 'date', nullable: true },
        author: ref('Author'),
        coauthors: { type: 'array', items: ref('Author') },
        subtitle: { type: 'string', nullable: true },
      },
    },
    Shelf: { type: 'object', 'x-rtk-rest-pk': ['room', 'slot'], properties: { room: { type: 'string' }, slot: { type: 'integer' }, books: { type: 'array', items: ref('Book') } } },
    NewBook: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, authorId: { type: 'integer' } } },
  },
  {
    '/books': {
      get: { operationId: 'listBooks', summary: 'All books', tags: ['books'], parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }], responses: { 200: json({ type: 'array', items: ref('Book') }) } },
      post: { operationId: 'addBook', tags: ['books'], requestBody: json(ref('NewBook')), responses: { 201: json(ref('Book')) } },
    },
    '/books/{bookId}': {
      get: { operationId: 'getBook', tags: ['books'], parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: json(ref('Book')) } },
      delete: { operationId: 'removeBook', tags: ['books'], parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }], responses: { 204: { description: 'gone' } } },
    },
    '/books/{book-id}/reviews': {
      get: {
        summary: 'Reviews, a page at a time',
        tags: ['reviews'],
        parameters: [
          { name: 'book-id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: json({ type: 'object', required: ['total'], properties: { items: { type: 'array', items: ref('Book') }, total: { type: 'integer' } } }) },
      },
    },
    '/stats': { get: { operationId: 'get-stats', tags: ['admin'], responses: { 200: json({ type: 'object', properties: { books: { type: 'integer' } } }) } } },
  },
);

describe('component schemas', () => {
  it('a schema with an id becomes an Entity with defaults by type, nested Entities and dates in static schema', async () => {
    const models = (await run(shop)).files['models.ts']!;
    expect(models).toContain('export class Book extends Entity {');
    expect(models).toContain("  id = '';");
    expect(models).toContain('  pages = 100;');
    expect(models).toContain("  format: 'paper' | 'ebook' = 'paper';");
    expect(models).toContain('  published: Date = new Date(0);');
    expect(models).toContain('  retired: Date | null = null;');
    expect(models).toContain('  author: Author = Author.fromJS();');
    expect(models).toContain('  coauthors: Array<Author> = [];');
    expect(models).toContain('  subtitle: string | null = null;');
    expect(models).toContain('static override schema = { published: toDate, retired: toDateOrNull, author: Author, coauthors: [Author] };');
    expect(models).toMatch(/\/\*\*\n\s+\* As printed on the cover\.\n\s+\*\/\n\s+title = '';/);
    // Author is declared before Book, whose static schema refers to it.
    expect(models.indexOf('class Author')).toBeLessThan(models.indexOf('class Book'));
  });

  it('x-rtk-rest-pk gives a composite key; a schema without a pk stays a plain type', async () => {
    const models = (await run(shop)).files['models.ts']!;
    expect(models).toMatch(/export class Shelf extends Entity \{[^]*return \[this\.room, this\.slot\]\.join\(','\);/);
    expect(models).toContain('export type NewBook = { title: string; authorId?: number };');
    expect(models).not.toContain('class NewBook');
  });

  it('the config names pk fields per schema (pk) or for all (pkField), and a wrong one is an error', async () => {
    const doc = spec({ Tag: { type: 'object', properties: { slug: { type: 'string' } } }, Note: { type: 'object', properties: { key: { type: 'string' } } } });
    const models = (await run(doc, { pk: { Tag: 'slug' }, pkField: 'key' })).files['models.ts']!;
    expect(models).toMatch(/class Tag extends Entity \{[^]*return `\$\{this\.slug\}`;/);
    expect(models).toMatch(/class Note extends Entity \{[^]*return `\$\{this\.key\}`;/);
    await expect(run(doc, { pk: { Tag: 'nope' } })).rejects.toThrow(/spec\d+\.json at #\/components\/schemas\/Tag: the config's "pk" names nope, which Tag does not have/);
  });

  it('a oneOf with a discriminator over Entities becomes schema.Union; cycles get their schema after the classes', async () => {
    const doc = spec({
      Cat: { type: 'object', properties: { id: { type: 'integer' }, kind: { type: 'string' }, friend: ref('Pet') } },
      Dog: { type: 'object', properties: { id: { type: 'integer' }, kind: { type: 'string' }, owner: ref('Person') } },
      Person: { type: 'object', properties: { id: { type: 'integer' }, dogs: { type: 'array', items: ref('Dog') } } },
      Pet: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } } },
    });
    const models = (await run(doc)).files['models.ts']!;
    expect(models).toContain("export const Pet = new schema.Union({ cat: Cat, dog: Dog }, 'kind');");
    expect(models).toContain('export type PetData = CatData | DogData;');
    expect(models).toContain('  friend?: Cat | Dog;');
    expect(models).toContain('Cat.schema = { friend: Pet };');
    expect(models).toMatch(/Person.schema = \{ dogs: \[Dog\] \};|Dog.schema = \{ owner: Person \};/);
  });
});

describe('operations', () => {
  it('a CRUD path pair becomes createResource with only the members the description has', async () => {
    const books = (await run(shop)).files['books.ts']!;
    expect(books.replace(/\s+/g, ' ')).toContain("createResource({ urlPrefix, path: '/books/:id', schema: Book, searchParams: {} as { page?: number }, paginationField: 'page', body: {} as NewBook, })");
    // Its list's paging parameter does not filter: a create reaches `{ page: 1 }` lists too.
    expect(books.replace(/\s+/g, ' ')).toContain("const bookResourceList = bookResourceBase.getList.extend({ schema: new schema.Collection([Book], { nonFilterArgumentKeys: ['page'] }), });");
    expect(books).toMatch(/export const BookResource = \{[^]*get: bookResourceBase\.get,[^]*getList: bookResourceList,[^]*create: bookResourceList\.push,[^]*delete: bookResourceBase\.delete,?\s*\};/);
    expect(books).not.toMatch(/update:|partialUpdate:/);
    expect(books).toContain('All books');
  });

  it('other operations become RestEndpoints: renamed path params, wrapped lists with a Collection, cursor pagination, typed plain responses', async () => {
    const { files } = await run(shop);
    expect(files['reviews.ts']).toContain("path: '/books/:bookId/reviews'");
    expect(files['reviews.ts']).toContain("schema: { items: new schema.Collection([Book], { nonFilterArgumentKeys: ['cursor'] }), total: 0 }");
    expect(files['reviews.ts']).toContain("paginationField: 'cursor'");
    expect(files['reviews.ts']).toContain('export const getBooksBookIdReviews = new RestEndpoint(');
    expect(files['admin.ts']).toContain('export const getStats = new RestEndpoint(');
    expect(files['admin.ts']).toContain('process: (value: unknown) => value as { books?: number }');
    expect(files['server.ts']).toContain("export const urlPrefix = 'https://shop.test/v1';");
  });

  it('the config filters by tag and operation, renames operations and sets the base URL', async () => {
    const { files } = await run(shop, { include: { tags: ['admin', 'reviews'] }, exclude: { operations: [] }, names: { 'get-stats': 'readStats' }, baseUrl: '/api' });
    expect(Object.keys(files).sort()).toEqual(['admin.ts', 'index.ts', 'models.ts', 'reviews.ts', 'server.ts']);
    expect(files['admin.ts']).toContain('export const readStats = new RestEndpoint(');
    expect(files['server.ts']).toContain("export const urlPrefix = '/api';");
  });
});

describe('found on GitHub\'s description', () => {
  it('an item parameter that is not the pk keeps its name, and delete stays a plain endpoint', async () => {
    const doc = spec(
      { Repo: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
      {
        '/repos/{owner}/{repo}': {
          get: { operationId: 'getRepo', responses: { 200: json(ref('Repo')) } },
          patch: { operationId: 'updateRepo', requestBody: json({ type: 'object', properties: { name: { type: 'string' } } }), responses: { 200: json(ref('Repo')) } },
          delete: { operationId: 'deleteRepo', responses: { 204: { description: 'gone' } } },
        },
      },
    );
    const code = (await run(doc)).files['default.ts']!;
    expect(code).toContain("path: '/repos/:owner/:repo'");
    expect(code).toMatch(/export const RepoResource = \{(?:(?!\n\};)[^])*partialUpdate: repoResourceBase\.partialUpdate/);
    expect(code).not.toContain('delete: repoResourceBase.delete');
    expect(code).toMatch(/export const deleteRepo = new RestEndpoint\(\{(?:(?!\n\}\);)[^])*method: 'DELETE'/);
  });

  it("a resource get's own query parameters are typed through extend", async () => {
    const doc = spec(
      { Gist: { type: 'object', properties: { id: { type: 'string' } } } },
      { '/gists/{gist_id}': { get: { operationId: 'getGist', parameters: [{ name: 'gist_id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'fields', in: 'query', schema: { type: 'string' } }], responses: { 200: json(ref('Gist')) } } } },
    );
    const { files, warnings } = await run(doc);
    expect(files['default.ts']).toContain('get: gistResourceBase.get.extend({ searchParams: {} as { fields?: string } }),');
    expect(warnings.list).toEqual([]);
  });

  it('a nullable object whose fields are unions keeps its shape', async () => {
    const choice = { type: 'string', enum: ['low', 'mid', 'high'] };
    const doc = spec({ Level: { type: 'object', nullable: true, properties: { from: choice, to: choice } } });
    expect((await run(doc)).files['models.ts']).toContain("export type Level = { from?: 'low' | 'mid' | 'high'; to?: 'low' | 'mid' | 'high' } | null;");
  });
});

describe('errors and warnings', () => {
  it('a broken description exits non-zero naming the file, the JSON pointer and the problem', async () => {
    const file = join(outDir(), 'broken.json');
    writeFileSync(file, JSON.stringify(spec({ A: { type: 'object', properties: { b: ref('Missing') } } })));
    const lines: string[] = [];
    expect(await main([file, '--out', join(outDir(), 'broken')], (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toMatch(/broken\.json.*#\/components\/schemas\/Missing/);
  });

  it('a file that is not OpenAPI, a missing --out and an unknown config key are clear errors', async () => {
    const file = join(outDir(), 'other.json');
    writeFileSync(file, JSON.stringify({ info: {} }));
    const lines: string[] = [];
    expect(await main([file, '--out', join(outDir(), 'other')], (l) => lines.push(l))).toBe(1);
    expect(await main([file], (l) => lines.push(l))).toBe(2);
    const config = join(outDir(), 'config.json');
    writeFileSync(config, JSON.stringify({ baseURL: 'x' }));
    expect(await main([file, '--out', outDir(), '--config', config], (l) => lines.push(l))).toBe(1);
    expect(lines).toEqual([
      expect.stringContaining('other.json at #/openapi: not an OpenAPI 3.x or Swagger 2.0 document'),
      expect.stringContaining('--out <dir> is required'),
      expect.stringContaining('config.json at #/baseURL: unknown option "baseURL"'),
    ]);
  });

  it('parts it cannot map are warnings with a summary; generation goes on', async () => {
    const doc = { ...spec({}, { '/ping': { head: { responses: { 200: { description: 'ok' } } }, get: { responses: { 204: { description: 'ok' } } } } }), security: [{ digest: [] }] };
    doc.components = { ...doc.components, securitySchemes: { digest: { type: 'http', scheme: 'digest' } } } as typeof doc.components;
    const lines: string[] = [];
    const file = join(outDir(), 'warn.json');
    writeFileSync(file, JSON.stringify(doc));
    expect(await main([file, '--out', join(outDir(), 'warn')], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toMatch(/wrote 4 files .*2 warnings: 1 × HEAD operation skipped, 1 × security scheme not mapped/);
  });
});

describe('inline list items, pks from paths, credentials when set', () => {
  const Tag = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' }, color: { type: 'string' } } };
  const Label = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' }, color: { type: 'string' } } };
  const list = (items: object) => ({ '/tags': { get: { operationId: 'listTags', responses: { 200: json({ type: 'array', items }) } } } });
  const inline = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };

  it('an inline item with some of an Entity\'s fields, its pk included, is that Entity; a field of another type is not', async () => {
    const matched = (await run(spec({ Tag }, list(inline)))).files['default.ts']!;
    expect(matched).toContain('schema: new schema.Collection([Tag])');
    const otherType = { ...inline, properties: { ...inline.properties, name: { type: 'integer' } } };
    expect((await run(spec({ Tag }, list(otherType)))).files['default.ts']).not.toContain('Collection');
  });

  it('two Entities that fit as well are a guess, so neither is taken; x-rtk-rest-entity or the config\'s inlineEntities names the one', async () => {
    expect((await run(spec({ Tag, Label }, list(inline)))).files['default.ts']).not.toContain('Collection');
    const named = (await run(spec({ Tag, Label }, list({ ...inline, 'x-rtk-rest-entity': 'Label' })))).files['default.ts']!;
    expect(named).toContain('schema: new schema.Collection([Label])');
    const configured = (await run(spec({ Tag, Label }, list(inline)), { inlineEntities: { listTags: 'Tag' } })).files['default.ts']!;
    expect(configured).toContain('schema: new schema.Collection([Tag])');
    await expect(run(spec({ Tag }, list(inline)), { inlineEntities: { listTag: 'Tag' } })).rejects.toThrow('the config at #/inlineEntities/listTag: no operation has the operationId "listTag"');
  });

  it("the fields lists leave out of their inline items are the Entity's detailFields: the union over the lists in answers and Entity fields, in field order, less what the detail answer leaves out", async () => {
    const items = (fields: string[]) => ({ type: 'object', properties: Object.fromEntries(fields.map((f) => [f, Tag.properties[f as keyof typeof Tag.properties]])) });
    const wrappedList = (operationId: string, fields: string[]) => ({ get: { operationId, responses: { 200: json({ type: 'object', properties: { tags: { type: 'array', items: items(fields) }, count: { type: 'integer' } } }) } } });
    const single = { get: { operationId: 'getTag', responses: { 200: json(items(['id', 'color'])) } } };
    const detailFields = async (doc: object, config?: CodegenConfig) => /static override detailFields = (.*);/.exec((await run(doc, config)).files['models.ts']!)?.[1];

    const lists = { ...list(inline), '/tags/recent': wrappedList('recentTags', ['id', 'color']) };
    expect(await detailFields(spec({ Tag }, lists))).toBe("['name', 'color']");
    // The resource's get answering without color as well: color is no field a detail read could complete.
    const detail = { get: { operationId: 'getTag', responses: { 200: json({ type: 'object', properties: { tag: items(['id', 'name']) } }) } } };
    expect(await detailFields(spec({ Tag }, { ...lists, '/tags/{id}': detail }))).toBe("['name']");
    // A single answer with fewer fields, a list of the whole component and an excluded list name none.
    expect(await detailFields(spec({ Tag }, { '/tags': { get: { operationId: 'listTags', responses: { 200: json({ type: 'array', items: ref('Tag') }) } } }, '/tags/{id}': single }))).toBeUndefined();
    expect(await detailFields(spec({ Tag }, list(inline)), { exclude: { operations: ['listTags'] } })).toBeUndefined();
    // An Entity's field that lists another's inline items stores them as summaries too.
    const Post = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tags: { type: 'array', items: items(['id', 'name']) } } };
    expect(await detailFields(spec({ Tag, Post }))).toBe("['color']");
  });

  it('a pk named by the config or id wins over one inferred from the paths', async () => {
    const Page = { type: 'object', properties: { slug: { type: 'string' }, path: { type: 'string' } } };
    const paths = { '/pages/{path}': { get: { responses: { 200: json(ref('Page')) } } } };
    const inferred = await run(spec({ Page }, paths));
    expect(inferred.files['models.ts']).toContain('return `${this.path}`;');
    expect(inferred.warnings.inferred).toEqual(['Page pk "path" (GET /pages/{path})']);
    // Under a parent (`/sites/{site}/pages/{path}`) a path is unique per site only: not a key for the store.
    const nested = await run(spec({ Page }, { '/sites/{site}/pages/{path}': { get: { responses: { 200: json(ref('Page')) } } } }));
    expect(nested.files['models.ts']).not.toContain('extends Entity');
    expect(nested.warnings.inferred).toEqual([]);
    const configured = await run(spec({ Page }, paths), { pk: { Page: 'slug' } });
    expect(configured.files['models.ts']).toContain('return `${this.slug}`;');
    expect(configured.warnings.inferred).toEqual([]);
  });

  it('authWhenSet: operations that declare no security send the credentials when they are set', async () => {
    const doc = { ...spec({}, { '/ping': { get: { operationId: 'ping', responses: { 200: json({ type: 'string' }) } } } }) };
    doc.components = { ...doc.components, securitySchemes: { token: { type: 'http', scheme: 'bearer' } } } as typeof doc.components;
    expect((await run(doc)).files['default.ts']).not.toContain('secured');
    expect((await run(doc, { authWhenSet: true })).files['default.ts']).toContain("...secured(['token'], [])");
  });
});

describe('every output above compiles', () => {
  it('tsc --strict reports no error', () => {
    expect(dirs.length).toBeGreaterThan(5);
    expect(typecheck(...dirs)).toEqual([]);
  }, 60_000);
});
