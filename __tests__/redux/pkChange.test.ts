/**
 * An update whose answer has another primary key than the entity its URL addressed: RealWorld
 * derives an article's `slug` from its title, GitHub renames a label keyed by `name`. The old
 * entity is replaced in place everywhere (lists keep their order, entities that referenced it
 * follow), and the old key stops answering: it refetches, and shows the server's 404.
 */
import { createResource, Entity, RestEndpoint, schema } from 'rtk-rest';
import { fetchAnswered, net, nonJsonActionPath, outcome, setup, sliceOf, useTestEnvironment } from './support';
import type { Rest, Store } from './support';

useTestEnvironment();

// ------------------------------------------------------------------ RealWorld ("Conduit")

const RW = 'https://conduit.example.com/api';

class Article extends Entity {
  slug = '';
  title = '';
  body = '';
  pk() {
    return this.slug;
  }
  static override key = 'Article';
}

const articles = [
  { slug: 'a', title: 'A', body: '' },
  { slug: 'b', title: 'B', body: '' },
  { slug: 'c', title: 'C', body: '' },
];

function articleResource(optimistic: boolean) {
  return createResource({ urlPrefix: RW, path: '/articles/:slug', schema: Article, body: {} as { title?: string }, optimistic });
}

/** RealWorld's own list shape: a plain array next to a count (not a Collection). */
const getFeed = new RestEndpoint({ urlPrefix: RW, path: '/articles/feed', schema: { articles: [Article], articlesCount: 0 } });

/** The list, the feed and article `a`'s detail page loaded, as a user who opened `a` from the list has them. */
async function loadArticles(rest: Rest, store: Store, Articles: ReturnType<typeof articleResource>) {
  await fetchAnswered(store, rest.fetch(Articles.getList), articles);
  await fetchAnswered(store, rest.fetch(getFeed), { articles: [articles[2], articles[0]], articlesCount: 2 });
  await fetchAnswered(store, rest.fetch(Articles.get, { slug: 'a' }), { slug: 'a', title: 'A', body: 'The body of A' });
}

const titles = (list: readonly Article[] | undefined) => list?.map((article) => `${article.slug}:${article.title}`);

/** The old slug's detail, read as `useSuspense` does: it fetches, and the server's 404 is what it shows. */
async function expectOldSlugGone(rest: Rest, store: Store, Articles: ReturnType<typeof articleResource>) {
  expect(rest.selectData(store.getState(), Articles.get, { slug: 'a' })).toBeUndefined();
  expect(rest.selectResponse(store.getState(), Articles.get, { slug: 'a' }).expiryStatus).toBe('invalid');
  const before = net.count;
  const read = outcome(store.dispatch(rest.fetchIfStale(Articles.get, { slug: 'a' })) as Promise<unknown>);
  const request = await net.nth(before + 1);
  expect(request.url).toBe(`${RW}/articles/a`);
  request.reply({ errors: { article: ['not found'] } }, { status: 404 });
  const result = await read;
  expect(result.ok ? undefined : result.error.status).toBe(404);
  expect(rest.selectResponse(store.getState(), Articles.get, { slug: 'a' }).error).toMatchObject({ status: 404 });
}

describe('an update whose answer has another pk (RealWorld slug from the title)', () => {
  it('replaces the article in place in every list, keeps their order, and the old slug refetches and shows the 404', async () => {
    const { rest, store, actions } = setup();
    const Articles = articleResource(false);
    await loadArticles(rest, store, Articles);

    const updated = await fetchAnswered<Article>(store, rest.fetch(Articles.update, { slug: 'a' }, { title: 'Renamed' }), {
      slug: 'renamed',
      title: 'Renamed',
      body: 'The body of A',
    });

    expect(updated).toBeInstanceOf(Article);
    expect(updated.slug).toBe('renamed');
    const state = store.getState();
    expect(titles(rest.selectData(state, Articles.getList))).toEqual(['renamed:Renamed', 'b:B', 'c:C']);
    expect(titles(rest.selectData(state, getFeed)?.articles)).toEqual(['c:C', 'renamed:Renamed']);
    // One article, not two: the old one left the table.
    const stored = sliceOf(rest, state).entities.Article;
    expect(stored.a).toBeNull();
    expect(Object.keys(stored).filter((pk) => stored[pk] !== null)).toEqual(['b', 'c', 'renamed']);
    expect(rest.selectQuery(state, Article, { slug: 'a' })).toBeUndefined();
    // The new slug's page reads the renamed article from the store, body included.
    expect(rest.selectData(state, Articles.get, { slug: 'renamed' })).toMatchObject({ title: 'Renamed', body: 'The body of A' });
    expect(actions.map((action) => nonJsonActionPath(action)).filter(Boolean)).toEqual([]);

    await expectOldSlugGone(rest, store, Articles);
  });

  it('with optimistic updates: the guess shows under the old slug, the answer moves it to the new one at the same place', async () => {
    const { rest, store } = setup();
    const Articles = articleResource(true);
    await loadArticles(rest, store, Articles);

    const before = net.count;
    const updating = store.dispatch(rest.fetch(Articles.update, { slug: 'a' }, { title: 'Renamed' })) as unknown as Promise<Article>;
    const request = await net.nth(before + 1);
    // The guess cannot know the server's slug: it updates the article where it is.
    expect(titles(rest.selectData(store.getState(), Articles.getList))).toEqual(['a:Renamed', 'b:B', 'c:C']);
    request.reply({ slug: 'renamed', title: 'Renamed', body: 'The body of A' });
    expect((await updating).slug).toBe('renamed');

    const state = store.getState();
    expect(sliceOf(rest, state).optimistic).toEqual([]);
    expect(titles(rest.selectData(state, Articles.getList))).toEqual(['renamed:Renamed', 'b:B', 'c:C']);
    expect(titles(rest.selectData(state, getFeed)?.articles)).toEqual(['c:C', 'renamed:Renamed']);
    expect(sliceOf(rest, state).entities.Article.a).toBeNull();
    await expectOldSlugGone(rest, store, Articles);
  });

  it('a guess that already knows the new pk moves the article in the layer, and a failed request brings the old one back', async () => {
    const { rest, store } = setup();
    const Articles = articleResource(false);
    await loadArticles(rest, store, Articles);
    const rename = Articles.update.extend({
      getOptimisticResponse: (_snapshot: unknown, params: { slug: string }, body: { title: string }) => ({ ...params, ...body, slug: body.title.toLowerCase() }),
    });

    const before = net.count;
    const renaming = outcome(store.dispatch(rest.fetch(rename, { slug: 'a' }, { title: 'Renamed' })) as Promise<unknown>);
    const request = await net.nth(before + 1);
    expect(titles(rest.selectData(store.getState(), Articles.getList))).toEqual(['renamed:Renamed', 'b:B', 'c:C']);
    expect(rest.selectQuery(store.getState(), Article, 'renamed')).toMatchObject({ body: 'The body of A' });
    expect(rest.selectQuery(store.getState(), Article, 'a')).toBeUndefined();

    request.reply({ errors: { title: ['taken'] } }, { status: 422 });
    expect((await renaming).ok).toBe(false);
    expect(titles(rest.selectData(store.getState(), Articles.getList))).toEqual(['a:A', 'b:B', 'c:C']);
    expect(rest.selectQuery(store.getState(), Article, 'a')).toMatchObject({ body: 'The body of A' });
  });
});

describe('which keys follow the move', () => {
  it('a list whose URL parameter happens to equal the old pk follows; a wrapped detail of the old slug does not', async () => {
    const { rest, store } = setup();
    const Articles = articleResource(false);
    const getTag = new RestEndpoint({ urlPrefix: RW, path: '/tags/:slug', schema: { articles: [Article], name: '' } });
    const getWrapped = new RestEndpoint({ urlPrefix: RW, path: '/wrapped/:slug', schema: { article: Article } });
    await fetchAnswered(store, rest.fetch(getTag, { slug: 'a' }), { articles: [articles[1], articles[0]], name: 'a' });
    await fetchAnswered(store, rest.fetch(getWrapped, { slug: 'a' }), { article: articles[0] });

    await fetchAnswered(store, rest.fetch(Articles.update, { slug: 'a' }, { title: 'Renamed' }), { slug: 'renamed', title: 'Renamed', body: '' });

    const state = store.getState();
    expect(titles(rest.selectData(state, getTag, { slug: 'a' })?.articles)).toEqual(['b:B', 'renamed:Renamed']);
    expect(rest.selectData(state, getWrapped, { slug: 'a' })?.article).toBeUndefined();
  });
});

describe('setResponse with an answer under another pk', () => {
  it('moves the article as a request answering it would, without a request', async () => {
    const { rest, store } = setup();
    const Articles = articleResource(false);
    await loadArticles(rest, store, Articles);
    const before = net.count;
    store.dispatch(rest.setResponse(Articles.update, { slug: 'b' }, { title: 'Bee' }, { slug: 'bee', title: 'Bee', body: '' }));
    expect(net.count).toBe(before);
    expect(titles(rest.selectData(store.getState(), Articles.getList))).toEqual(['a:A', 'bee:Bee', 'c:C']);
    expect(rest.selectQuery(store.getState(), Article, 'b')).toBeUndefined();
  });
});

// ------------------------------------------------------------------ GitHub labels

const GH = 'https://api.github.com';
const repo = { owner: 'octo', repo: 'hello' } as const;

/** A label keyed by its name, as the label URLs address it. */
class Label extends Entity {
  id = 0;
  name = '';
  color = '';
  pk() {
    return this.name;
  }
  static override key = 'Label';
  static override indexes = ['id'];
}

class Issue extends Entity {
  number = 0;
  title = '';
  labels: Label[] = [];
  pk() {
    return `${this.number}`;
  }
  static override key = 'Issue';
  static override schema = { labels: [Label] };
}

const Labels = createResource({ urlPrefix: GH, path: '/repos/:owner/:repo/labels/:name', schema: Label, body: {} as { new_name?: string; color?: string } });
const Issues = createResource({ urlPrefix: GH, path: '/repos/:owner/:repo/issues/:number', schema: Issue });

describe('a rename through PATCH of an entity keyed by name (GitHub labels)', () => {
  it('the renamed label keeps its place in the label list and in the issues that carry it; the old name is gone', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(Labels.getList, repo), [
      { id: 11, name: 'bug', color: 'f00' },
      { id: 12, name: 'docs', color: '00f' },
      { id: 13, name: 'wontfix', color: 'fff' },
    ]);
    await fetchAnswered(store, rest.fetch(Issues.getList, repo), [
      { number: 1, title: 'Crash', labels: [{ id: 12, name: 'docs', color: '00f' }, { id: 11, name: 'bug', color: 'f00' }] },
      { number: 2, title: 'Typo', labels: [{ id: 12, name: 'docs', color: '00f' }] },
    ]);

    const renamed = await fetchAnswered<Label>(store, rest.fetch(Labels.partialUpdate, { ...repo, name: 'bug' }, { new_name: 'defect' }), {
      id: 11,
      name: 'defect',
      color: 'f00',
    });

    expect(renamed).toMatchObject({ id: 11, name: 'defect' });
    const state = store.getState();
    expect(rest.selectData(state, Labels.getList, repo)?.map((label: Label) => label.name)).toEqual(['defect', 'docs', 'wontfix']);
    const issues = rest.selectData(state, Issues.getList, repo);
    expect(issues?.map((issue: Issue) => issue.labels.map((label) => label.name))).toEqual([['docs', 'defect'], ['docs']]);
    expect(sliceOf(rest, state).entities.Issue['1'].labels).toEqual(['docs', 'defect']);
    expect(sliceOf(rest, state).entities.Label.bug).toBeNull();
    expect(rest.selectQuery(state, Label, 'bug')).toBeUndefined();
    expect(rest.selectQuery(state, Label, 'defect')).toMatchObject({ id: 11, color: 'f00' });
    // Its index entries moved with it.
    expect(rest.selectQuery(state, Label, { id: 11 })).toMatchObject({ name: 'defect' });
  });
});

// ------------------------------------------------------------------ what is not a rename

class Comment extends Entity {
  id = 0;
  body = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
}

class Profile extends Entity {
  id = 0;
  bio = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Profile';
}

describe('answers whose URL does not address the entity they hold are no renames', () => {
  it('a POST under a parent, and a PUT whose path ends after the parameter, leave the entity the parameter happens to match alone', async () => {
    const { rest, store } = setup();
    const getComments = new RestEndpoint({ urlPrefix: RW, path: '/comments', schema: new schema.Collection([Comment]) });
    const getProfiles = new RestEndpoint({ urlPrefix: RW, path: '/profiles', schema: new schema.Collection([Profile]) });
    // `id` names the post and the user here, not the comment or the profile the answer holds.
    const comment = new RestEndpoint({ urlPrefix: RW, path: '/posts/:id/comments', method: 'POST', schema: Comment });
    const putProfile = new RestEndpoint({ urlPrefix: RW, path: '/users/:id/profile', method: 'PUT', schema: Profile });
    await fetchAnswered(store, rest.fetch(getComments), [{ id: 5, body: 'first' }]);
    await fetchAnswered(store, rest.fetch(getProfiles), [{ id: 5, bio: 'five' }]);

    await fetchAnswered(store, rest.fetch(comment, { id: 5 }, { body: 'new' }), { id: 77, body: 'new' });
    await fetchAnswered(store, rest.fetch(putProfile, { id: 5 }, { bio: 'mine' }), { id: 12, bio: 'mine' });

    const state = store.getState();
    expect(rest.selectData(state, getComments)?.map((c: Comment) => c.id)).toEqual([5]);
    expect(rest.selectQuery(state, Comment, '5')).toMatchObject({ body: 'first' });
    expect(rest.selectData(state, getProfiles)?.map((p: Profile) => p.id)).toEqual([5]);
    expect(rest.selectQuery(state, Profile, '5')).toMatchObject({ bio: 'five' });
  });
});
