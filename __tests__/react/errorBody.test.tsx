/**
 * A 422's field errors reach `useMutation` and, after the first rejection too,
 * `useDLE` and `useSuspense`'s boundary (through the stored, capped body).
 */
import { act } from '@testing-library/react';
import type { NetworkError } from 'rtk-rest';
import { useDLE, useMutation, useSuspense } from 'rtk-rest/react';
import { Async, PostResource, net, p5, recorder, renderWith, settle, setup, useTestEnvironment } from './support';

useTestEnvironment();

const fieldErrors = { errors: [{ field: 'title', message: 'is required' }] };
const bodyOf = (error: unknown) => (error as NetworkError | undefined)?.body;

describe('error bodies in hooks', () => {
  test('useMutation state.error carries the 422 body', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<unknown>();
    let trigger!: (...args: Parameters<typeof PostResource.partialUpdate>) => Promise<unknown>;
    function Form() {
      const [update, state] = useMutation(PostResource.partialUpdate);
      trigger = update;
      seen.record(state.error);
      return null;
    }
    renderWith(store, <Form />);
    act(() => {
      trigger(p5, { title: '' }).catch(() => undefined);
    });
    (await net.nth(1)).reply(fieldErrors, { status: 422, statusText: 'Unprocessable Entity' });
    await settle();
    expect(bodyOf(seen.last)).toStrictEqual(fieldErrors);
  });

  test('useDLE and the useSuspense boundary show the body of a stored 422, also when mounted after it', async () => {
    const { store } = setup({ gc: false });
    const dle = recorder<unknown>();
    const caught: unknown[] = [];
    function DLE() {
      dle.record(useDLE(PostResource.get, p5).error);
      return null;
    }
    function Suspending() {
      useSuspense(PostResource.get, p5);
      return null;
    }
    renderWith(store, <DLE />);
    (await net.nth(1)).reply(fieldErrors, { status: 422 });
    await settle();
    expect(bodyOf(dle.last)).toStrictEqual(fieldErrors);
    // Mounted later: the error comes from the store, rebuilt with its body.
    renderWith(store, <Async onError={(error) => caught.push(error)}><Suspending /></Async>);
    await settle();
    expect(net.count).toBe(1);
    expect(bodyOf(caught[0])).toStrictEqual(fieldErrors);
  });
});
