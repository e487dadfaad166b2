/**
 * Issue 16.5: a delete whose URL does not carry the pk (`/repos/:owner/:repo/labels/:name`, a
 * Label keyed by `id`) answered 204. The store finds the entity from the URL parameters through
 * the entity's indexes, then by a stored entity whose fields equal every URL parameter; when
 * nothing matches, the delete still resolves, the lists holding that type are expired, and one
 * dev warning says what to add.
 */
import { createResource, Entity } from 'rtk-rest';
import { fetchAnswered, net, nonJsonActionPath, outcome, setup, sliceOf, useTestEnvironment, watchConsole } from './support';
import type { Store } from './support';

useTestEnvironment();

const GH = 'https://api.github.com';
const repo = { owner: 'octo', repo: 'hello' } as const;
const bugParams = { ...repo, name: 'bug' } as const;
const labels = [
  { id: 11, name: 'bug', color: 'f00' },
  { id: 12, name: 'docs', color: '00f' },
];
const LIST = `GET ${GH}/repos/octo/hello/labels`;

/** GitHub's label: its pk is `id`, which the item URL does not carry. */
function labelEntity(key: string, indexes?: string[]) {
  return class extends Entity {
    id = 0;
    name = '';
    color = '';
    pk() {
      return this.id;
    }
    static override key = key;
    static override indexes = indexes;
  };
}
/** Found by name through its index. */
const Label = labelEntity('Label', ['name']);
type Label = InstanceType<typeof Label>;
const LabelResource = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: Label, urlPrefix: GH });
/** The same label without indexes. */
const PlainLabel = labelEntity('PlainLabel');
const PlainLabelResource = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: PlainLabel, urlPrefix: GH });

/** A label stored with its repository's fields: every URL parameter is one of its fields. */
class RepoLabel extends Entity {
  id = 0;
  owner = '';
  repo = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'RepoLabel';
}
const RepoLabelResource = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: RepoLabel, urlPrefix: GH });

async function deleteAnswered204(store: Store, thunk: any) {
  const promise = outcome(store.dispatch(thunk) as Promise<any>);
  (await net.nth(net.count + (net.requests.at(-1)?.answered === false ? 0 : 1))).respond(new Response(null, { status: 204 }));
  return promise;
}

describe('issue 16.5: delete by a URL that does not carry the pk', () => {
  it('16.5 through the entity indexes: a 204 tombstones the label found by name; it leaves every list', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(LabelResource.getList, repo), labels);
    const result = await deleteAnswered204(store, rest.fetch(LabelResource.delete, bugParams));
    expect(result.ok).toBe(true);
    const deleted = result.ok ? result.value : undefined;
    expect(deleted).toBeInstanceOf(Label);
    expect(deleted).toMatchObject({ id: 11, name: 'bug' });
    expect(sliceOf(rest, store.getState()).entities.Label['11']).toBeNull();
    expect(rest.selectData(store.getState(), LabelResource.getList, repo)?.map((label: Label) => label.name)).toEqual(['docs']);
    expect(rest.selectQuery(store.getState(), Label, { name: 'bug' })).toBeUndefined();
    expect(actions.map((action) => nonJsonActionPath(action)).filter(Boolean)).toEqual([]);
  });

  it('16.5 by a stored entity whose fields equal every URL parameter (no indexes)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(RepoLabelResource.getList, repo), [
      { id: 11, ...repo, name: 'bug' },
      { id: 21, owner: 'octo', repo: 'other', name: 'bug' },
      { id: 12, ...repo, name: 'docs' },
    ]);
    const result = await deleteAnswered204(store, rest.fetch(RepoLabelResource.delete, bugParams));
    expect(result.ok).toBe(true);
    expect(result.ok ? result.value : undefined).toMatchObject({ id: 11, name: 'bug', repo: 'hello' });
    const entities = sliceOf(rest, store.getState()).entities.RepoLabel;
    expect(entities['11']).toBeNull();
    expect(entities['21']).not.toBeNull();
    expect(rest.selectData(store.getState(), RepoLabelResource.getList, repo)?.map((label: RepoLabel) => label.id)).toEqual([21, 12]);
  });

  it('16.5 when nothing matches: the delete resolves, lists of that type are expired, and one dev warning says what to add', async () => {
    const { rest, store } = setup();
    const { warnings } = watchConsole();
    await fetchAnswered(store, rest.fetch(PlainLabelResource.getList, repo), labels, 1040);
    const before = sliceOf(rest, store.getState());
    jest.setSystemTime(2000);
    const result = await deleteAnswered204(store, rest.fetch(PlainLabelResource.delete, bugParams));
    expect(result.ok).toBe(true);
    expect(result.ok ? result.value : undefined).toBeInstanceOf(PlainLabel);
    expect(result.ok ? result.value : undefined).toMatchObject(bugParams);
    const after = sliceOf(rest, store.getState());
    // Nothing was removed or written: the server deleted something the store cannot name.
    expect(after.entities).toEqual(before.entities);
    // The list is expired, so it refetches (in the background: it still shows its data).
    expect(after.meta[LIST].expiresAt).toBe(0);
    expect(rest.selectResponse(store.getState(), PlainLabelResource.getList, repo)).toMatchObject({ expiryStatus: 'stale', error: undefined });
    const refetch = store.dispatch(rest.fetchIfStale(PlainLabelResource.getList, repo));
    expect((await net.nth(3)).url).toBe(`${GH}/repos/octo/hello/labels`);
    net.requests[2]!.reply([labels[1]]);
    await refetch;
    expect(warnings).toHaveLength(1);
    const message = String(warnings[0]![0]);
    expect(message).toMatch(/^\[rtk-rest\] PlainLabel\.delete/);
    expect(message).toContain('static indexes = [\'name\']');
    expect(message).toContain('PlainLabel');
  });

  it('16.5 with optimistic: true the label leaves the list at once, stays gone after the 204, and comes back when the delete fails', async () => {
    const Optimistic = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: Label, urlPrefix: GH, optimistic: true });
    const { rest, store } = setup();
    const names = () => rest.selectData(store.getState(), Optimistic.getList, repo)?.map((label: Label) => label.name);
    await fetchAnswered(store, rest.fetch(Optimistic.getList, repo), labels);
    const ok = outcome(store.dispatch(rest.fetch(Optimistic.delete, bugParams)));
    expect(names()).toEqual(['docs']);
    (await net.nth(2)).respond(new Response(null, { status: 204 }));
    expect((await ok).ok).toBe(true);
    expect(names()).toEqual(['docs']);

    const { store: other } = setup();
    const names2 = () => rest.selectData(other.getState(), Optimistic.getList, repo)?.map((label: Label) => label.name);
    await fetchAnswered(other, rest.fetch(Optimistic.getList, repo), labels);
    const failed = outcome(other.dispatch(rest.fetch(Optimistic.delete, bugParams)));
    expect(names2()).toEqual(['docs']);
    (await net.nth(4)).reply({ message: 'nope' }, { status: 500 });
    expect((await failed).ok).toBe(false);
    expect(names2()).toEqual(['bug', 'docs']);
  });

  it('16.5 optimistic and nothing matches: no optimistic change, the delete resolves, one warning (at the commit only)', async () => {
    const Optimistic = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: PlainLabel, urlPrefix: GH, optimistic: true });
    const { rest, store } = setup();
    const { warnings, errors } = watchConsole();
    await fetchAnswered(store, rest.fetch(Optimistic.getList, repo), labels);
    const list = rest.selectData(store.getState(), Optimistic.getList, repo);
    const result = outcome(store.dispatch(rest.fetch(Optimistic.delete, bugParams)));
    expect(rest.selectData(store.getState(), Optimistic.getList, repo)).toBe(list);
    (await net.nth(2)).respond(new Response(null, { status: 204 }));
    expect((await result).ok).toBe(true);
    expect(rest.selectData(store.getState(), Optimistic.getList, repo)).toBe(list);
    expect(rest.selectResponse(store.getState(), Optimistic.getList, repo).expiryStatus).toBe('stale');
    expect(warnings).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('16.5 an object answer without a pk still rejects (SPEC 3.12); the hint no longer says to add the pk in process()', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(LabelResource.getList, repo), labels);
    const result = await outcome(fetchAnswered(store, rest.fetch(LabelResource.delete, bugParams), { ok: true }));
    expect(result.ok).toBe(false);
    const error = result.ok ? undefined : result.error;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/missing primary key/);
    expect(error.message).not.toMatch(/add them in Label\.process\(\)/);
    expect(error.message).toMatch(/answer the DELETE with the Label or its pk/);
    expect(sliceOf(rest, store.getState()).entities.Label['11']).not.toBeNull();
  });
});
