import { RestEndpoint } from 'rtk-rest';
import { A, Post, PostResource, fetchAnswered, flush, net, outcome, p5, post5, react, setup, useTestEnvironment } from './support';
import type { Rest, Store } from './support';

// Usable data, expiresAt, expiryStatus, the fetch rule, and every row of the
// expiry table (the `useSuspense` column belongs to the React layer and is not tested here).
// Time is Jest's fake clock: jest.setSystemTime, never real sleeps.

useTestEnvironment();

/** Whether the fetch rule says fetch: fetchIfStale sends a request. */
async function fetchRuleSaysFetch(rest: Rest, store: Store, endpoint: any, ...args: unknown[]): Promise<boolean> {
  const before = net.count;
  void outcome(store.dispatch((rest.fetchIfStale as any)(endpoint, ...args)));
  await flush();
  return net.count > before;
}

function read(rest: Rest, store: Store, endpoint: any, ...args: unknown[]) {
  const { data, expiryStatus, expiresAt, fetchedAt, status } = (rest.selectResponse as any)(store.getState(), endpoint, ...args);
  return { data, expiryStatus, expiresAt, fetchedAt, status };
}

describe('outcomes', () => {
  it('row "nothing stored": data undefined, invalid, fetch', async () => {
    const { rest, store } = setup();
    expect(read(rest, store, PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid', expiresAt: 0, fetchedAt: 0 });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });

  it('row "result within its expiry": value, valid, no fetch', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(61040);
    const response = read(rest, store, PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('valid');
    expect(response.expiresAt).toBe(61040);
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(false);
  });

  it('row "result past its expiry": value, stale, fetch in the background (data stays readable meanwhile)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(61041);
    const response = read(rest, store, PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('stale');
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
    const during = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(during.data?.title).toBe('hi');
    expect(during.isFetching).toBe(true);
    expect(during.isLoading).toBe(false);
  });

  it('row "same, with invalidIfStale": undefined, invalid, fetch', async () => {
    const { rest, store } = setup();
    const strict = PostResource.get.extend({ invalidIfStale: true });
    await fetchAnswered(store, rest.fetch(strict, p5), post5, 1040);
    jest.setSystemTime(61040);
    expect(read(rest, store, strict, p5).data?.title).toBe('hi');
    jest.setSystemTime(61041);
    expect(read(rest, store, strict, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(rest.selectData(store.getState(), strict, p5)).toBeUndefined();
    expect(await fetchRuleSaysFetch(rest, store, strict, p5)).toBe(true);
  });

  it('row "after invalidate": undefined, invalid, fetch', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    expect(read(rest, store, PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });

  it('row "after expireAll": value, stale, fetch in the background', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    store.dispatch(rest.expireAll({ testKey: () => true }));
    const response = read(rest, store, PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('stale');
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });

  it('row "top-level entity tombstoned": undefined, invalid, fetch', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1100, { status: 204 });
    expect(read(rest, store, PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });

  it('row "no data, error younger than errorExpiryLength": undefined, invalid, no fetch', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500 }));
    jest.setSystemTime(2040);
    expect(read(rest, store, PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid', status: 'rejected' });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(false);
  });

  it('row "no data, error older than that": undefined, invalid, fetch', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500 }));
    jest.setSystemTime(2041);
    expect(read(rest, store, PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });

  it('row "data and a fresh error, no soft policy": value, valid, no fetch; the error surfaces', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(2000);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 2000, { status: 500 }));
    jest.setSystemTime(2500);
    const response = read(rest, store, PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('valid');
    expect(rest.selectError(store.getState(), PostResource.get, p5)).toMatchObject({ status: 500 });
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(false);
  });

  it('row "data and a fresh error, policy soft": value, valid, no fetch; the error is selected beside the value', async () => {
    const { rest, store } = setup();
    const soft = PostResource.get.extend({ errorPolicy: () => 'soft' as const });
    await fetchAnswered(store, rest.fetch(soft, p5), post5, 1040);
    jest.setSystemTime(2000);
    await outcome(fetchAnswered(store, rest.fetch(soft, p5), {}, 2000, { status: 500 }));
    jest.setSystemTime(2500);
    const response = read(rest, store, soft, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('valid');
    expect(rest.selectError(store.getState(), soft, p5)).toMatchObject({ status: 500 });
    expect(await fetchRuleSaysFetch(rest, store, soft, p5)).toBe(false);
  });

  it('row "no result, entity found by inference": value, expiry from entity meta, fetch by the rule', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    const response = read(rest, store, PostResource.get, p5);
    expect(response.data).toBeInstanceOf(Post);
    expect(response.expiryStatus).toBe('valid');
    expect(response.expiresAt).toBe(61040);
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(false);
    jest.setSystemTime(61041);
    expect(read(rest, store, PostResource.get, p5).expiryStatus).toBe('stale');
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(true);
  });
});

describe('expiry rules', () => {
  it('a schema-less null result is usable as stored', async () => {
    const { rest, store } = setup();
    const ping = new RestEndpoint({ path: '/ping', urlPrefix: A });
    const value = await fetchAnswered(store, rest.fetch(ping), null, 1040, { status: 204 });
    expect(value).toBeNull();
    expect(read(rest, store, ping)).toMatchObject({ data: null, expiryStatus: 'valid', status: 'fulfilled' });
    expect(await fetchRuleSaysFetch(rest, store, ping)).toBe(false);
  });

  it('expiresAt comes from meta when the key has meta with a date, else inference, else 0', async () => {
    const { rest, store } = setup();
    expect(read(rest, store, PostResource.get, p5).expiresAt).toBe(0);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    jest.setSystemTime(2000);
    // meta[get 5] now has only `pending` (no date): the inferred value applies.
    void store.dispatch(rest.fetch(PostResource.get, p5));
    const pending = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(pending.expiresAt).toBe(61040);
    expect(pending.data?.title).toBe('hi');
    expect(pending.isLoading).toBe(false);
    (await net.nth(2)).reply(post5);
    await flush();
    expect(read(rest, store, PostResource.get, p5).expiresAt).toBe(62000);
  });

  it('expiryStatus turns stale strictly after expiresAt', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get.extend({ dataExpiryLength: 100 }), p5), post5, 1040);
    jest.setSystemTime(1140);
    expect(read(rest, store, PostResource.get, p5).expiryStatus).toBe('valid');
    jest.setSystemTime(1141);
    expect(read(rest, store, PostResource.get, p5).expiryStatus).toBe('stale');
  });

  it('no fetch while a read request for the key is in flight', async () => {
    const { rest, store } = setup();
    void store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(1);
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, p5)).toBe(false);
    expect(net.count).toBe(1);
  });

  it('an error suppresses refetching until errorExpiryLength has passed (endpoint value)', async () => {
    const { rest, store } = setup();
    const patient = PostResource.get.extend({ errorExpiryLength: 5000 });
    await outcome(fetchAnswered(store, rest.fetch(patient, p5), {}, 1040, { status: 500 }));
    jest.setSystemTime(6040);
    expect(await fetchRuleSaysFetch(rest, store, patient, p5)).toBe(false);
    jest.setSystemTime(6041);
    expect(await fetchRuleSaysFetch(rest, store, patient, p5)).toBe(true);
  });

  it('inactive arguments never fetch', async () => {
    const { rest, store } = setup();
    expect(await fetchRuleSaysFetch(rest, store, PostResource.get, null)).toBe(false);
  });
});
