/**
 * What the guides' prose tells a user to do, where a new user acted on it and it was wrong
 * README.md, the guides of docs/ and the recipes, read as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRest } from 'rtk-rest';
import { Post, PostResource } from '../support/example';
import { json, restoreFetchAfterEach, storeFor, stubFetch } from './support';

const ROOT = path.join(__dirname, '../..');
const markdownIn = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${dir}/${name}`);
const PAGES = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/recipes')];

/** The page cut at blank lines: prose paragraphs, and code blocks in pieces. */
function paragraphs(page: string): string[] {
  return fs.readFileSync(path.join(ROOT, page), 'utf8').split(/\n[ \t]*\n/);
}

describe('a page that shows a raw state.rest.entities read steers app code to rest.selectEntity', () => {
  // Past `shardTablesAbove` (2,000 entities of a type by default) a table is stored sharded, and
  // `state.rest.entities.Post['5']` finds nothing; the selectors read both forms.
  it.each(PAGES)('%s', (page) => {
    const raw = paragraphs(page).filter((text) => /state\.rest\.entities\b/.test(text));
    expect(raw.filter((text) => !/rest\.selectEntit(y|ies)\b/.test(text))).toEqual([]);
  });
});

restoreFetchAfterEach();

/** A store whose entity tables shard above `entities` entries, holding posts 1…count (group 'react'). */
async function postsIn(shardTablesAbove: number, count: number) {
  const rest = createRest({ gc: false, shardTablesAbove: { entities: shardTablesAbove } });
  const { store } = storeFor(rest);
  stubFetch(() => json(Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `post ${i + 1}` }))));
  await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  const raw = (store.getState() as any).rest.entities.Post;
  return { rest, state: store.getState(), raw };
}

describe('what the pages say about raw reads holds', () => {
  it('past shardTablesAbove a raw read finds nothing, while rest.selectEntity and rest.selectEntities find the post', async () => {
    const { rest, state, raw } = await postsIn(4, 5);
    expect(Object.keys(raw)).toEqual(['@@rtk-rest/table', 'size', 'order', 'shards']);
    expect(raw['5']).toBeUndefined();
    expect(rest.selectEntity(state, Post, 5)?.title).toBe('post 5');
    expect(rest.selectEntities(state, Post)).toHaveLength(5);
  });

  it('up to the threshold, and at any size with shardTablesAbove: Infinity, a raw read is the JSON', async () => {
    expect((await postsIn(5, 5)).raw['5']).toMatchObject({ id: 5, title: 'post 5' });
    expect((await postsIn(Infinity, 50)).raw['50']).toMatchObject({ id: 50, title: 'post 50' });
  });
});

describe('what `delete` resolves to, for each kind of answer', () => {
  it('docs/concepts.md names each kind of answer, and no longer says "what was deleted"', () => {
    const resources = fs.readFileSync(path.join(ROOT, 'docs/concepts.md'), 'utf8').split('\n## The store')[0]!.split('\n## Resources')[1]!;
    expect(resources).not.toContain('what was deleted');
    expect(resources).toMatch(/`delete`[^]*entity body[^]*bare pk[^]*204/);
  });

  const params = { group: 'react', id: 5 };
  /** Deletes post 5 (stored as 'Hello') after `respond`; what `rest.fetch` resolved to. */
  async function deleted(respond: () => Response) {
    const rest = createRest({ gc: false });
    const { store } = storeFor(rest);
    stubFetch(() => json({ id: 5, title: 'Hello' }));
    await store.dispatch(rest.fetch(PostResource.get, params));
    stubFetch(respond);
    const value = await store.dispatch(rest.fetch(PostResource.delete, params));
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    return value;
  }

  it('an entity body resolves to that entity', async () => {
    const value = await deleted(() => json({ id: 5, title: 'gone' }));
    expect(value).toBeInstanceOf(Post);
    expect(value).toMatchObject({ id: 5, title: 'gone' });
  });

  it.each([
    ['a bare pk', () => json(5)],
    ['a 204', () => new Response(null, { status: 204 })],
  ])('%s resolves to Post.fromJS of the URL parameters, not the stored post', async (_label, respond) => {
    const value = await deleted(respond);
    expect(value).toBeInstanceOf(Post);
    expect(value).toMatchObject({ group: 'react', id: 5, title: '' });
  });
});
