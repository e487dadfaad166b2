/**
 * `refetchOnFocus` / `refetchOnReconnect` for mounted reads, through the injectable
 * `environment`.
 */
import { act } from '@testing-library/react';
import type { Environment } from 'rtk-rest';
import type { Post } from './support';
import { useDLE, useSuspense } from 'rtk-rest/react';
import { Async, PostResource, net, p5, post5, renderAnswered, settle, setup, useTestEnvironment } from './support';

useTestEnvironment();

/** An environment the test switches; `focus()` is the window's focus event. */
function fakeEnvironment() {
  const listeners = new Set<(event?: 'focus') => void>();
  const env = {
    online: true,
    visible: true,
    listeners,
    isOnline: () => env.online,
    isVisible: () => env.visible,
    listen(onChange: (event?: 'focus') => void) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    set(change: { online?: boolean; visible?: boolean }) {
      Object.assign(env, change);
      act(() => {
        for (const listener of [...listeners]) listener();
      });
    },
    focus() {
      act(() => {
        for (const listener of [...listeners]) listener('focus');
      });
    },
  };
  return env satisfies Environment;
}

const focusedGet = PostResource.get.extend({ refetchOnFocus: true });

function Title({ focused = false }: { focused?: boolean }) {
  const post: Post = focused ? useSuspense(focusedGet, p5) : useSuspense(PostResource.get, p5);
  return <>{post.title}</>;
}

function DLETitle() {
  return <>{useDLE(PostResource.get, p5).data?.title}</>;
}

describe('refetchOnFocus / refetchOnReconnect', () => {
  it('with refetchOnFocus a mounted useSuspense read refetches on focus when stale, not when fresh', async () => {
    const env = fakeEnvironment();
    const { store } = setup({ environment: env, refetchOnFocus: true, dataExpiryLength: 10_000 });
    const view = await renderAnswered(store, <Async><Title /></Async>);
    env.focus();
    await settle();
    expect(net.count).toBe(1);
    jest.setSystemTime(Date.now() + 10_001);
    env.focus();
    await settle();
    expect(net.count).toBe(2);
    (await net.nth(2)).reply({ ...post5, title: 'refreshed' });
    await settle();
    expect(view.container.textContent).toBe('refreshed');
    view.unmount();
    expect(env.listeners.size).toBe(0);
  });

  it('becoming visible counts as focus; refetchOnReconnect refetches a mounted useDLE read on coming back online', async () => {
    const env = fakeEnvironment();
    const { store } = setup({ environment: env, refetchOnFocus: true, refetchOnReconnect: true, dataExpiryLength: 10_000 });
    const view = await renderAnswered(store, <DLETitle />);
    jest.setSystemTime(Date.now() + 10_001);
    env.set({ visible: false });
    env.set({ visible: true });
    await settle();
    expect(net.count).toBe(2);
    (await net.nth(2)).reply(post5);
    await settle();
    jest.setSystemTime(Date.now() + 10_001);
    env.set({ online: false });
    await settle();
    expect(net.count).toBe(2);
    env.set({ online: true });
    await settle();
    expect(net.count).toBe(3);
    (await net.nth(3)).reply(post5);
    await settle();
    view.unmount();
  });

  it('off by default (no listener at all); an endpoint option turns it on for its reads', async () => {
    const env = fakeEnvironment();
    const { store } = setup({ environment: env, dataExpiryLength: 10_000 });
    const view = await renderAnswered(store, <Async><Title /></Async>);
    expect(env.listeners.size).toBe(0);
    jest.setSystemTime(Date.now() + 10_001);
    env.focus();
    await settle();
    expect(net.count).toBe(1);
    view.unmount();
    const again = await renderAnswered(store, <Async><Title focused /></Async>);
    expect(env.listeners.size).toBe(1);
    jest.setSystemTime(Date.now() + 10_001);
    env.focus();
    await settle();
    expect(net.count).toBe(3);
    (await net.nth(3)).reply(post5);
    await settle();
    again.unmount();
    expect(env.listeners.size).toBe(0);
  });
});
