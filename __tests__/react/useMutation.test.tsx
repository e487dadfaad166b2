/**
 * `useMutation(endpoint)` → `[trigger, { data, error, status, isLoading, isSuccess, isError, reset }]`,
 * and `useDebounce(value, ms)` from 18.4. Real store with RTK's default checks, fake timers.
 */
import { setImmediate as realSetImmediate } from 'node:timers';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { createResource, NetworkError, RestEndpoint } from 'rtk-rest';
import { createRestHooks, useDebounce, useMutation, useSuspense } from 'rtk-rest/react';
import type { MutationState } from 'rtk-rest/react';
import { A, K, net, nonJsonPath, p5, Post, post5, PostResource, recorder, renderWith, rerenderWith, serverError, settle, setup, stored, useTestEnvironment, watchConsole } from './support';

useTestEnvironment();

const OptimisticPosts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, optimistic: true });
type Update = typeof PostResource.partialUpdate;
type Seen = { record(value: MutationState<Post>): MutationState<Post> };
let trigger: (...args: Parameters<Update>) => Promise<Post>;

function Editor({ seen, endpoint = PostResource.partialUpdate }: { seen: Seen; endpoint?: Update }) {
  const [update, state] = useMutation(endpoint);
  trigger = update;
  seen.record(state);
  return <p>{state.isLoading ? 'saving' : state.isError ? `failed ${state.error?.message}` : (state.data?.title ?? state.status)}</p>;
}

/** Renders `<Editor>` in a fresh store; returns the store and the recorded states. */
function mountEditor(options?: { strict?: boolean }) {
  const { store } = setup({ gc: false });
  const seen = recorder<MutationState<Post>>();
  const view = renderWith(store, <Editor seen={seen} />, options);
  return { store, seen, view };
}

/** Calls the editor's trigger inside act; returns the call's promise. */
function call(...args: Parameters<Update>): Promise<Post> {
  let promise!: Promise<Post>;
  act(() => {
    promise = trigger(...args);
  });
  return promise;
}

describe('useMutation', () => {
  test('trigger returns the call promise (the denormalized data, as rest.fetch); status goes pending then fulfilled', async () => {
    const { store, seen } = mountEditor();
    expect(seen.last).toMatchObject({ status: 'uninitialized', data: undefined, error: undefined, isLoading: false, isSuccess: false, isError: false });
    const promise = call(p5, { title: 'renamed' });
    expect(seen.last).toMatchObject({ status: 'pending', isLoading: true, isSuccess: false, isError: false });
    expect(screen.getByText('saving')).toBeTruthy();
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(`PATCH ${K.post5.slice(4)}`);
    request.reply({ ...post5, title: 'renamed' });
    await settle();
    const value = await promise;
    expect(value).toBeInstanceOf(Post);
    expect(value.title).toBe('renamed');
    expect(seen.last).toMatchObject({ status: 'fulfilled', isLoading: false, isSuccess: true, isError: false, error: undefined });
    expect(seen.last.data).toBe(value);
    expect(screen.getByText('renamed')).toBeTruthy();
    // The mutation's state lives in the component: the slice stays plain JSON and has no trace of it.
    expect(nonJsonPath(store.getState())).toBeUndefined();
  });

  test('a failed call: status rejected, error is the NetworkError with its status; the promise rejects with it', async () => {
    const { seen } = mountEditor();
    const promise = call(p5, { title: 'x' });
    const caught = promise.catch((error: unknown) => error);
    (await net.nth(1)).reply({ message: 'nope' }, serverError);
    await settle();
    const error = await caught;
    expect(error).toBeInstanceOf(NetworkError);
    expect(seen.last).toMatchObject({ status: 'rejected', isError: true, isSuccess: false, isLoading: false, data: undefined });
    expect(seen.last.error).toBe(error);
    expect((seen.last.error as NetworkError).status).toBe(500);
  });

  test('the state follows the latest call: an older call settling later is ignored', async () => {
    const { seen } = mountEditor();
    const first = call(p5, { title: 'one' });
    const one = await net.nth(1);
    const second = call({ group: 'react', id: 6 }, { title: 'two' });
    const two = await net.nth(2);
    two.reply({ id: 6, title: 'two' });
    await settle();
    expect((await second).title).toBe('two');
    expect(seen.last.data?.title).toBe('two');
    const rendersBefore = seen.values.length;
    one.reply({ message: 'late failure' }, serverError);
    await settle();
    await expect(first).rejects.toBeInstanceOf(NetworkError);
    expect(seen.values.length).toBe(rendersBefore);
    expect(seen.last).toMatchObject({ status: 'fulfilled', isError: false });
  });

  test('reset() returns to uninitialized, and a call pending at reset no longer updates the state', async () => {
    const { seen } = mountEditor();
    const promise = call(p5, { title: 'x' });
    const request = await net.nth(1);
    act(() => seen.last.reset());
    expect(seen.last).toMatchObject({ status: 'uninitialized', isLoading: false, data: undefined, error: undefined });
    request.reply({ ...post5, title: 'x' });
    await settle();
    expect((await promise).title).toBe('x');
    expect(seen.last.status).toBe('uninitialized');
  });

  test('trigger and reset keep their identity across renders', async () => {
    const { store, seen, view } = mountEditor();
    const firstTrigger = trigger;
    const firstReset = seen.last.reset;
    rerenderWith(view, store, <Editor seen={seen} />);
    expect(trigger).toBe(firstTrigger);
    expect(seen.last.reset).toBe(firstReset);
  });

  test('a failing call whose promise the component ignores produces no unhandled rejection; the error shows in the state', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { store } = setup({ gc: false });
      function SaveButton() {
        const [update, { error }] = useMutation(PostResource.partialUpdate);
        // The straight port of RTK Query's `onClick={() => update(arg)}`: the promise is dropped.
        return <button onClick={() => void update(p5, { title: 'x' })}>{error ? `failed ${(error as NetworkError).status}` : 'save'}</button>;
      }
      renderWith(store, <SaveButton />);
      act(() => screen.getByText('save').click());
      (await net.nth(1)).reply({ message: 'nope' }, serverError);
      await settle();
      expect(screen.getByText('failed 500')).toBeTruthy();
      // Node reports unhandled rejections after a macrotask: give it real ones.
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => realSetImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  test("a mutation's answer stays with its caller: after the login form unmounts, the token is in no action and nowhere in the slice", async () => {
    const { store, actions } = setup({ gc: false });
    const login = new RestEndpoint({ urlPrefix: A, path: '/login', method: 'POST' });
    const answers: unknown[] = [];
    function LoginForm() {
      const [logIn, { data }] = useMutation(login);
      const token = (data as { token?: string } | undefined)?.token;
      return <button onClick={() => void logIn({ username: 'ada', password: 'pw' }).then((answer) => answers.push(answer))}>{token ?? 'sign in'}</button>;
    }
    const view = renderWith(store, <LoginForm />);
    act(() => screen.getByText('sign in').click());
    (await net.nth(1)).reply({ token: 'SECRET-TOKEN' });
    await settle();
    // The caller has the answer: the hook's state and the promise.
    expect(screen.getByText('SECRET-TOKEN')).toBeTruthy();
    expect(answers).toEqual([{ token: 'SECRET-TOKEN' }]);
    view.unmount();
    await settle();
    expect(JSON.stringify(store.getState())).not.toContain('SECRET-TOKEN');
    expect(JSON.stringify(actions)).not.toContain('SECRET-TOKEN');
    expect(store.getState().rest.endpoints).toEqual({});
    expect(store.getState().rest.meta).toEqual({});
  });

  test("a mutation with a schema leaves only its entities: every reader sees them, its key holds nothing, and the promise resolves to the stored entity", async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const promise = store.dispatch(rest.fetch(PostResource.partialUpdate, p5, { title: 'renamed' }));
    (await net.nth(2)).reply({ ...post5, title: 'renamed' });
    const value = await promise;
    expect(value).toEqual(rest.selectData(store.getState(), PostResource.get, p5));
    expect(value).toBeInstanceOf(Post);
    expect(value.title).toBe('renamed');
    expect(Object.keys(store.getState().rest.endpoints)).toEqual([K.post5]);
    expect(Object.keys(store.getState().rest.meta)).toEqual([K.post5]);
  });

  test('unmounting while a call is pending: no warning, no update, the promise still settles', async () => {
    const { errors, warnings } = watchConsole();
    const { seen, view } = mountEditor({ strict: true });
    const promise = call(p5, { title: 'x' });
    const request = await net.nth(1);
    const renders = seen.values.length;
    view.unmount();
    request.reply({ ...post5, title: 'x' });
    await settle();
    expect((await promise).title).toBe('x');
    expect(seen.values.length).toBe(renders);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test('with an optimistic endpoint: the view shows the optimistic value while pending and rolls back on failure', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<MutationState<Post>>();
    function Both() {
      const post = useSuspense(OptimisticPosts.get, p5);
      return (
        <>
          <h1>{post.title}</h1>
          <Editor seen={seen} endpoint={OptimisticPosts.partialUpdate} />
        </>
      );
    }
    renderWith(store, <Both />);
    expect(screen.getByRole('heading').textContent).toBe('hi');
    const promise = call(p5, { title: 'optimistic' });
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('optimistic');
    expect(seen.last.status).toBe('pending');
    const caught = promise.catch((error: unknown) => error);
    (await net.nth(2)).reply({ message: 'no' }, serverError);
    await settle();
    expect(await caught).toBeInstanceOf(NetworkError);
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect(seen.last.status).toBe('rejected');
  });

  test('createRestHooks(rest) has useMutation bound to that instance', async () => {
    const { store, rest } = setup({ gc: false });
    const hooks = createRestHooks(rest);
    let save!: (...args: Parameters<Update>) => Promise<Post>;
    function Bound() {
      const [update, { status }] = hooks.useMutation(PostResource.partialUpdate);
      save = update;
      return <p>{status}</p>;
    }
    renderWith(store, <Bound />);
    let promise!: Promise<Post>;
    act(() => {
      promise = save(p5, { title: 'bound' });
    });
    (await net.nth(1)).reply({ ...post5, title: 'bound' });
    await settle();
    expect((await promise).title).toBe('bound');
    expect(screen.getByText('fulfilled')).toBeTruthy();
  });

  test('a value that is not an endpoint: a clear [rtk-rest] error', () => {
    watchConsole();
    const { store } = setup({ gc: false });
    function Wrong() {
      useMutation('PostResource.update' as unknown as Update);
      return null;
    }
    expect(() => renderWith(store, <Wrong />)).toThrow(/^\[rtk-rest\] useMutation\(endpoint\): .*endpoint/);
  });
});

describe('useDebounce', () => {
  let setText: (text: string) => void;
  function Search({ seen, ms = 300 }: { seen: { record(value: string): string }; ms?: number }) {
    const [text, set] = useState('a');
    setText = set;
    return <p>{seen.record(useDebounce(text, ms))}</p>;
  }

  test('useDebounce returns the first value at once, then the latest value once it has been stable for ms', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<string>();
    renderWith(store, <Search seen={seen} />);
    expect(seen.last).toBe('a');
    act(() => setText('ab'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    act(() => setText('abc'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(299);
    });
    expect(seen.last).toBe('a');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(seen.last).toBe('abc');
    expect(seen.values).not.toContain('ab');
    expect(jest.getTimerCount()).toBe(0);
  });

  test('useDebounce leaves no timer behind when unmounted', () => {
    const { store } = setup({ gc: false });
    const seen = recorder<string>();
    const view = renderWith(store, <Search seen={seen} />);
    act(() => setText('ab'));
    expect(jest.getTimerCount()).toBe(1);
    view.unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('useDebounce with a bad ms: a clear [rtk-rest] error', () => {
    watchConsole();
    const { store } = setup({ gc: false });
    const seen = recorder<string>();
    expect(() => renderWith(store, <Search seen={seen} ms={-1} />)).toThrow(/^\[rtk-rest\] useDebounce\(value, ms\): ms must be/);
  });
});
