/**
 * `useDLE` also returns `selectResponse`'s `status`, `isLoading`, `isFetching`,
 * `expiryStatus`, `fetchedAt`, `expiresAt`, and `refetch()`; a component re-renders only for the
 * fields it reads.
 */
import { act } from '@testing-library/react';
import { INACTIVE } from '../../src/redux';
import { useDLE } from 'rtk-rest/react';
import type { DLE } from 'rtk-rest/react';
import { getPost, net, p5, Post, post5, recorder, renderAnswered, renderCounter, renderWith, rerenderWith, settle, setup, useTestEnvironment } from './support';
import type { Params, Rest, Store } from './support';

useTestEnvironment();

const FIELDS = ['status', 'isLoading', 'isFetching', 'expiryStatus', 'fetchedAt', 'expiresAt'] as const;

function Probe({ args, seen }: { args: Params | null; seen: { record(value: DLE<Post>): DLE<Post> } }) {
  seen.record(useDLE(getPost, args));
  return null;
}

/** The response fields of a DLE answer, read now (as the component would). */
const fieldsOf = (dle: DLE<Post>) => Object.fromEntries(FIELDS.map((name) => [name, dle[name]]));
const responseFields = (rest: Rest, store: Store, args: Params | null) => {
  const response = rest.selectResponse(store.getState(), getPost, args);
  return Object.fromEntries(FIELDS.map((name) => [name, response[name]]));
};

describe('useDLE returns the fields of selectResponse and refetch()', () => {
  test('status, isLoading, isFetching, expiryStatus, fetchedAt, expiresAt are selectResponse’s, while loading and once fulfilled', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <Probe args={p5} seen={seen} />);
    await settle();
    expect(fieldsOf(seen.last)).toEqual(responseFields(rest, store, p5));
    expect(seen.last).toMatchObject({ status: 'pending', isLoading: true, isFetching: true, loading: true });
    (await net.nth(1)).reply(post5);
    await settle();
    expect(fieldsOf(seen.last)).toEqual(responseFields(rest, store, p5));
    expect(seen.last).toMatchObject({ status: 'fulfilled', isLoading: false, isFetching: false, expiryStatus: 'valid', fetchedAt: 1000, expiresAt: 61_000 });
  });

  test('the render that starts the request already says pending (as RTK Query does), though its pending action follows in a microtask', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <Probe args={p5} seen={seen} />);
    expect(rest.selectResponse(store.getState(), getPost, p5).status).toBe('uninitialized');
    expect(seen.values[0]).toMatchObject({ status: 'pending', isLoading: true, isFetching: true, loading: true, data: undefined });
    await settle();
    expect(fieldsOf(seen.last)).toEqual(responseFields(rest, store, p5));
  });

  test('refetch() sends the current arguments even while fresh, returns the promise of the data; isFetching while data stays shown', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    await renderAnswered(store, <Probe args={p5} seen={seen} />);
    expect(net.count).toBe(1);
    jest.setSystemTime(5000);
    let promise!: Promise<Post | undefined>;
    act(() => {
      promise = seen.last.refetch();
    });
    await settle();
    expect(net.count).toBe(2);
    expect(seen.last).toMatchObject({ isFetching: true, isLoading: false, loading: false, status: 'pending', data: expect.any(Post) });
    (await net.nth(2)).reply({ ...post5, title: 'again' });
    await settle();
    const value = await promise;
    expect(value).toBeInstanceOf(Post);
    expect(value?.title).toBe('again');
    expect(seen.last.data).toBe(value);
    expect(seen.last).toMatchObject({ isFetching: false, status: 'fulfilled', fetchedAt: 5000, expiresAt: 65_000 });
    expect(fieldsOf(seen.last)).toEqual(responseFields(rest, store, p5));
  });

  test('inactive (null): the fields of the inactive answer; refetch() sends nothing and resolves to undefined', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <Probe args={null} seen={seen} />);
    expect(fieldsOf(seen.last)).toEqual(Object.fromEntries(FIELDS.map((name) => [name, INACTIVE[name]])));
    await expect(seen.last.refetch()).resolves.toBeUndefined();
    await settle();
    expect(net.count).toBe(0);
  });

  test('refetch keeps its identity while the key is the same', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    const view = await renderAnswered(store, <Probe args={p5} seen={seen} />);
    const first = seen.last.refetch;
    expect(typeof first).toBe('function');
    rerenderWith(view, store, <Probe args={{ group: 'react', id: 5 }} seen={seen} />);
    expect(seen.last.refetch).toBe(first);
  });

  test('a component re-renders only for the fields it reads: a background refetch with the same data re-renders an isFetching reader, not a data reader', async () => {
    const { store } = setup({ gc: false });
    const dataRenders = renderCounter();
    const fetchingRenders = renderCounter();
    let refetch!: () => Promise<Post | undefined>;
    function DataReader() {
      dataRenders.hit();
      const dle = useDLE(getPost, p5);
      refetch = dle.refetch;
      return <p>{dle.data?.title}</p>;
    }
    function FetchingReader() {
      fetchingRenders.hit();
      const { data, isFetching } = useDLE(getPost, p5);
      return <p>{isFetching ? 'refreshing' : data?.title}</p>;
    }
    await renderAnswered(
      store,
      <>
        <DataReader />
        <FetchingReader />
      </>,
    );
    const before = { data: dataRenders.count, fetching: fetchingRenders.count };
    let promise!: Promise<unknown>;
    act(() => {
      promise = refetch();
    });
    (await net.nth(2)).reply(post5);
    await settle();
    await promise;
    expect(dataRenders.count).toBe(before.data);
    expect(fetchingRenders.count).toBe(before.fetching + 2); // isFetching true, then false
  });
});
