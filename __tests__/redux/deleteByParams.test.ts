/**
 * A delete whose URL does not carry the pk (`/repos/:owner/:repo/labels/:name`, a
 * Label keyed by `id`) answered 204. The store removes the one stored entity whose fields agree
 * with every URL parameter; when none does, or several do, or the entity does not hold a
 * parameter (a label stored without its repository), the delete still resolves, removes nothing,
 * the lists holding that type are expired, and one dev warning says why and what to change.
 */
import { buildCreateRest, createResource, deleteByParams, Entity } from 'rtk-rest';
import type { Rest } from 'rtk-rest';
import { fetchAnswered, makeStore, net, nonJsonActionPath, outcome, setup, sliceOf, useTestEnvironment, watchConsole } from './support';
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

/** GitHub's label with its repository copied in from the URL parameters, and found by name (names repeat across repositories). */
class ScopedLabel extends Entity {
  id = 0;
  owner = '';
  repo = '';
  name = '';
  color = '';
  pk() {
    return this.id;
  }
  static override key = 'ScopedLabel';
  static override indexes = ['name'];
  static override process(input: any, _parent: unknown, _key: string | undefined, args: readonly unknown[]) {
    const { owner, repo } = args[0] as { owner: string; repo: string };
    return { ...input, owner, repo };
  }
}
const ScopedLabelResource = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: ScopedLabel, urlPrefix: GH });

const otherRepo = { owner: 'octo', repo: 'other' } as const;
/** Repo B's labels: its own `bug`, with another id. */
const otherLabels = [
  { id: 21, name: 'bug', color: '0f0' },
  { id: 22, name: 'wontfix', color: 'fff' },
];

async function deleteAnswered204(store: Store, thunk: any) {
  const promise = outcome(store.dispatch(thunk) as Promise<any>);
  (await net.nth(net.count + (net.requests.at(-1)?.answered === false ? 0 : 1))).respond(new Response(null, { status: 204 }));
  return promise;
}

describe('delete by a URL that does not carry the pk', () => {
  it('two repositories\' bug labels in one store, indexed by name but stored without their repository: deleting repo A\'s removes neither, expires both lists and warns which fields are missing', async () => {
    const { rest, store } = setup();
    const { warnings } = watchConsole();
    await fetchAnswered(store, rest.fetch(LabelResource.getList, repo), labels);
    await fetchAnswered(store, rest.fetch(LabelResource.getList, otherRepo), otherLabels);
    const before = sliceOf(rest, store.getState()).entities;
    const result = await deleteAnswered204(store, rest.fetch(LabelResource.delete, bugParams));
    expect(result.ok).toBe(true);
    const after = sliceOf(rest, store.getState());
    expect(after.entities).toEqual(before);
    expect(after.entities.Label['21']).toMatchObject({ name: 'bug', color: '0f0' });
    expect(rest.selectData(store.getState(), LabelResource.getList, otherRepo)?.map((label: Label) => label.id)).toEqual([21, 22]);
    expect(rest.selectResponse(store.getState(), LabelResource.getList, repo).expiryStatus).toBe('stale');
    expect(rest.selectResponse(store.getState(), LabelResource.getList, otherRepo).expiryStatus).toBe('stale');
    expect(warnings).toHaveLength(1);
    const message = String(warnings[0]![0]);
    expect(message).toMatch(/^\[rtk-rest\] Label\.delete: DELETE https:\/\/api\.github\.com\/repos\/octo\/hello\/labels\/bug succeeded/);
    expect(message).toContain('Label has no field owner, repo');
    expect(message).toContain('store owner and repo on each Label');
    expect(message).toContain('static indexes (name) are not used for this');
  });

  it('a label that stores its repository (copied from the URL in process) and is indexed by name: deleting repo A\'s bug removes it, repo B\'s bug stays', async () => {
    const { rest, store, actions } = setup();
    const { warnings } = watchConsole();
    await fetchAnswered(store, rest.fetch(ScopedLabelResource.getList, repo), labels);
    // Loaded last, so the name index points at repo B's bug.
    await fetchAnswered(store, rest.fetch(ScopedLabelResource.getList, otherRepo), otherLabels);
    const result = await deleteAnswered204(store, rest.fetch(ScopedLabelResource.delete, bugParams));
    expect(result.ok).toBe(true);
    expect(result.ok ? result.value : undefined).toMatchObject({ id: 11, repo: 'hello', name: 'bug' });
    const entities = sliceOf(rest, store.getState()).entities.ScopedLabel;
    expect(entities['11']).toBeNull();
    expect(entities['21']).toMatchObject({ repo: 'other', name: 'bug' });
    expect(rest.selectData(store.getState(), ScopedLabelResource.getList, repo)?.map((label: ScopedLabel) => label.name)).toEqual(['docs']);
    expect(rest.selectData(store.getState(), ScopedLabelResource.getList, otherRepo)?.map((label: ScopedLabel) => label.id)).toEqual([21, 22]);
    expect(actions.map((action) => nonJsonActionPath(action)).filter(Boolean)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('a URL whose parameters two stored entities agree with names neither: nothing is removed, the lists refetch, the warning says how many agree', async () => {
    const ByName = createResource({ path: '/labels/:name', schema: RepoLabel, urlPrefix: GH });
    const { rest, store } = setup();
    const { warnings } = watchConsole();
    await fetchAnswered(store, rest.fetch(RepoLabelResource.getList, repo), [
      { id: 11, ...repo, name: 'bug' },
      { id: 21, ...otherRepo, name: 'bug' },
    ]);
    const before = sliceOf(rest, store.getState()).entities;
    const result = await deleteAnswered204(store, rest.fetch(ByName.delete, { name: 'bug' }));
    expect(result.ok).toBe(true);
    expect(sliceOf(rest, store.getState()).entities).toEqual(before);
    expect(rest.selectResponse(store.getState(), RepoLabelResource.getList, repo).expiryStatus).toBe('stale');
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]![0])).toContain('2 stored RepoLabel agree with them');
  });

  it('a URL parameter that disagrees with the only stored candidate removes nothing', async () => {
    const { rest, store } = setup();
    const { warnings } = watchConsole();
    await fetchAnswered(store, rest.fetch(RepoLabelResource.getList, otherRepo), [{ id: 21, ...otherRepo, name: 'bug' }]);
    const before = sliceOf(rest, store.getState()).entities;
    expect((await deleteAnswered204(store, rest.fetch(RepoLabelResource.delete, bugParams))).ok).toBe(true);
    expect(sliceOf(rest, store.getState()).entities).toEqual(before);
    expect(String(warnings[0]![0])).toContain('no stored RepoLabel agrees with them');
  });

  it('by a stored entity whose fields equal every URL parameter (no indexes)', async () => {
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

  it('when nothing matches: the delete resolves, lists of that type are expired, and one dev warning says what to add', async () => {
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
    expect(message).toContain('PlainLabel has no field owner, repo');
    expect(message).toContain('store owner and repo on each PlainLabel (copy them from the URL parameters in static process(input, parent, key, args))');
    expect(message).not.toContain('static indexes');
  });

  it('with optimistic: true the label leaves the list at once, stays gone after the 204, and comes back when the delete fails', async () => {
    const Optimistic = createResource({ path: '/repos/:owner/:repo/labels/:name', schema: ScopedLabel, urlPrefix: GH, optimistic: true });
    const { rest, store } = setup();
    const names = () => rest.selectData(store.getState(), Optimistic.getList, repo)?.map((label: ScopedLabel) => label.name);
    await fetchAnswered(store, rest.fetch(Optimistic.getList, repo), labels);
    const ok = outcome(store.dispatch(rest.fetch(Optimistic.delete, bugParams)));
    expect(names()).toEqual(['docs']);
    (await net.nth(2)).respond(new Response(null, { status: 204 }));
    expect((await ok).ok).toBe(true);
    expect(names()).toEqual(['docs']);

    const { store: other } = setup();
    const names2 = () => rest.selectData(other.getState(), Optimistic.getList, repo)?.map((label: ScopedLabel) => label.name);
    await fetchAnswered(other, rest.fetch(Optimistic.getList, repo), labels);
    const failed = outcome(other.dispatch(rest.fetch(Optimistic.delete, bugParams)));
    expect(names2()).toEqual(['docs']);
    (await net.nth(4)).reply({ message: 'nope' }, { status: 500 });
    expect((await failed).ok).toBe(false);
    expect(names2()).toEqual(['bug', 'docs']);
  });

  it('optimistic and nothing matches: no optimistic change, the delete resolves, one warning (at the commit only)', async () => {
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

  it('an object answer without a pk still rejects; the hint no longer says to add the pk in process()', async () => {
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

describe('the deleteByParams feature', () => {
  /** A store over `buildCreateRest(...features)`, past its registration. */
  function leanStore(...features: Parameters<typeof buildCreateRest>) {
    const rest = buildCreateRest(...features)() as unknown as Rest;
    const store = makeStore(rest);
    store.dispatch({ type: 'test/ready' });
    return { rest, store };
  }

  it('without it a delete answered by URL parameters that hold no pk removes nothing, and development names the feature, once; with it, the label is removed', async () => {
    const { warnings } = watchConsole();
    const without = leanStore();
    await fetchAnswered(without.store, without.rest.fetch(ScopedLabelResource.getList, repo), labels);
    const first = await deleteAnswered204(without.store, without.rest.fetch(ScopedLabelResource.delete, bugParams));
    await deleteAnswered204(without.store, without.rest.fetch(ScopedLabelResource.delete, bugParams));
    expect(first.ok).toBe(false);
    expect(sliceOf(without.rest, without.store.getState()).entities.ScopedLabel['11']).toMatchObject({ name: 'bug' });
    expect(warnings.map(String)).toEqual([expect.stringMatching(/ScopedLabel\.delete has a delete answered by URL parameters that hold no pk, but this rest instance was built without the deleteByParams feature.*buildCreateRest\(deleteByParams/)]);

    const withIt = leanStore(deleteByParams);
    await fetchAnswered(withIt.store, withIt.rest.fetch(ScopedLabelResource.getList, repo), labels);
    expect((await deleteAnswered204(withIt.store, withIt.rest.fetch(ScopedLabelResource.delete, bugParams))).ok).toBe(true);
    expect(sliceOf(withIt.rest, withIt.store.getState()).entities.ScopedLabel['11']).toBeNull();
    expect(warnings).toHaveLength(1);
  });

  it('without it a delete whose URL carries the pk still removes its entity, with no warning', async () => {
    const { warnings } = watchConsole();
    const { rest, store } = leanStore();
    const ById = createResource({ path: '/labels/:id', schema: ScopedLabel, urlPrefix: GH });
    await fetchAnswered(store, rest.fetch(ScopedLabelResource.getList, repo), labels);
    expect((await deleteAnswered204(store, rest.fetch(ById.delete, { id: 11 }))).ok).toBe(true);
    expect(sliceOf(rest, store.getState()).entities.ScopedLabel['11']).toBeNull();
    expect(warnings).toEqual([]);
  });
});
