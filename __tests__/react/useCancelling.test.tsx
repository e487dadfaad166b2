/**
 * `useCancelling(endpoint, ...args | null)` aborts its request when its arguments
 * change or it unmounts, unless another consumer still waits for that request (waiters are
 * counted). Real store with RTK's serializable and immutable checks on, fake time.
 */
import { act, screen } from '@testing-library/react';
import { useCancelling, useDLE } from 'rtk-rest/react';
import type { ReactNode } from 'react';
import { getPost, K, net, p5, p6, post5, post6, renderWith, rerenderWith, settle, setup, sliceOf, useTestEnvironment } from './support';
import type { Params } from './support';

useTestEnvironment();

function Title({ args }: { args: Params | null }) {
  const { data, loading, error } = useCancelling(getPost, args);
  return <h1>{loading ? 'loading' : error ? `error: ${error.message}` : (data?.title ?? 'none')}</h1>;
}

function Other({ args }: { args: Params }) {
  const { data } = useDLE(getPost, args);
  return <p>{`other: ${data?.title ?? 'none'}`}</p>;
}

const aborted = (n: number) => (net.requests[n - 1]!.init.signal as AbortSignal).aborted;

/** A store, and the action types it saw. */
function cancellingStore() {
  const { rest, store, types } = setup({ gc: false });
  const show = (ui: ReactNode) => renderWith(store, ui);
  return { rest, store, types, show };
}

describe('useCancelling aborts its request when the args change or it unmounts', () => {
  it('new arguments abort the previous request: no error stored for it, the new one shows', async () => {
    const { rest, store, types, show } = cancellingStore();
    const view = show(<Title args={p5} />);
    await net.nth(1);
    expect(screen.getByRole('heading').textContent).toBe('loading');
    rerenderWith(view, store, <Title args={p6} />);
    await settle();
    expect(aborted(1)).toBe(true);
    expect(types()).toContain('rest/fetch/rejected');
    const meta5 = sliceOf(rest, store.getState()).meta[K.post5];
    expect(meta5?.error).toBeUndefined();
    expect(meta5?.pending).toBeUndefined();
    (await net.nth(2)).reply(post6);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('six');
    expect(aborted(2)).toBe(false);
  });

  it('unmounting aborts the request; nothing is stored and nothing is left pending', async () => {
    const { rest, store, show } = cancellingStore();
    const view = show(<Title args={p5} />);
    await net.nth(1);
    act(() => view.unmount());
    await settle();
    expect(aborted(1)).toBe(true);
    const meta = sliceOf(rest, store.getState()).meta[K.post5];
    expect(meta?.error).toBeUndefined();
    expect(meta?.pending).toBeUndefined();
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBeUndefined();
  });

  it('another consumer still waiting (useDLE of the key, or an awaited rest.fetch) keeps the request alive', async () => {
    const { rest, store, show } = cancellingStore();
    const view = show(
      <>
        <Title args={p5} />
        <Other args={p5} />
      </>,
    );
    await net.nth(1);
    rerenderWith(view, store, <Other args={p5} />);
    await settle();
    expect(aborted(1)).toBe(false);
    net.requests[0]!.reply(post5);
    await settle();
    expect(screen.getByText(/^other: /).textContent).toBe('other: hi');

    const second = show(<Title args={p6} />);
    await net.nth(2);
    const awaited = store.dispatch(rest.fetch(getPost, p6)) as Promise<unknown>;
    act(() => second.unmount());
    await settle();
    expect(aborted(2)).toBe(false);
    net.requests[1]!.reply(post6);
    await expect(awaited).resolves.toMatchObject({ title: 'six' });
  });

  it('two useCancelling of the same key: the request is aborted only when the last one leaves', async () => {
    const { store, show } = cancellingStore();
    const view = show(
      <>
        <Title args={p5} />
        <Title args={p5} />
      </>,
    );
    await net.nth(1);
    expect(net.count).toBe(1);
    rerenderWith(view, store, <Title args={p5} />);
    await settle();
    expect(aborted(1)).toBe(false);
    rerenderWith(view, store, <p>gone</p>);
    await settle();
    expect(aborted(1)).toBe(true);
  });

  it("StrictMode's mount, unmount and mount again does not abort the request", async () => {
    const { store } = cancellingStore();
    renderWith(store, <Title args={p5} />, { strict: true });
    await settle();
    expect(net.count).toBe(1);
    expect(aborted(1)).toBe(false);
    net.requests[0]!.reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  it('null arguments fetch nothing; a settled request is not aborted by unmounting', async () => {
    const { store, show } = cancellingStore();
    const idle = show(<Title args={null} />);
    await settle();
    expect(net.count).toBe(0);
    expect(screen.getByRole('heading').textContent).toBe('none');
    act(() => idle.unmount());
    const view = renderWith(store, <Title args={p5} />);
    (await net.nth(1)).reply(post5);
    await settle();
    act(() => view.unmount());
    await settle();
    expect(aborted(1)).toBe(false);
  });
});
