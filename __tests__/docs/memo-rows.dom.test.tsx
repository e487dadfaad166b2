/**
 * Issue 16.15: the memoized-row pattern of docs/concepts.md (a list hook, and a `memo` row that
 * takes the entity). Every render of a memoized component is recorded by wrapping the function
 * given to `React.memo`, so a row that renders again, or a row that is not memoized, shows here.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type * as React from 'react';
import { Provider } from 'react-redux';
import { deferred, json, restoreFetchAfterEach, stubFetch } from './support';
import * as concepts from '../../docs/concepts';

/** The `post.id` of each render of a component given to `memo`, in order. */
const mockRendered: unknown[] = [];
jest.mock('react', () => {
  const actual = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    memo: (component: (props: { post?: { id: unknown } }) => unknown, compare?: never) =>
      actual.memo((props: { post?: { id: unknown } }) => {
        mockRendered.push(props.post?.id);
        return component(props) as ReturnType<typeof actual.createElement>;
      }, compare),
  };
});

restoreFetchAfterEach();

let consoleError: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  concepts.store.dispatch(concepts.rest.resetEntireStore());
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  jest.restoreAllMocks();
  jest.clearAllTimers();
  jest.useRealTimers();
});

async function settle(ms = 1000): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('issue 16.15: concepts.md, a list with memoized rows', () => {
  it('a like renders the list and the liked row again, no other row', async () => {
    const ann = { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' };
    const posts = [1, 2, 3].map((id) => ({ id, title: `Post ${id}`, likes: id, author: ann }));
    const answer = deferred();
    stubFetch((_url, init) => (init.method === 'POST' ? answer.promise : json(posts)));
    render(
      <Provider store={concepts.store}>
        <Suspense fallback={<p>Loading…</p>}>
          <concepts.Posts group="react" />
        </Suspense>
      </Provider>,
    );
    await settle();
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Post 1 ♥ 1', 'Post 2 ♥ 2', 'Post 3 ♥ 3']);
    expect(mockRendered).toEqual([1, 2, 3]);
    mockRendered.length = 0;
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button')[1]!);
    });
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Post 2 ♥ 3'); // optimistic
    answer.resolve(json({ id: 2, likes: 10 }));
    await settle();
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Post 1 ♥ 1', 'Post 2 ♥ 10', 'Post 3 ♥ 3']);
    expect(mockRendered.length).toBeGreaterThan(0);
    expect(new Set(mockRendered)).toEqual(new Set([2]));
  });
});
