import type { ComponentType } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { NetworkError } from 'rtk-rest';
import { AsyncBoundary, useController, useSuspense } from 'rtk-rest/react';
import type { ErrorComponentProps } from 'rtk-rest/react';
import {
  A,
  K,
  net,
  p5,
  renderAnswered,
  rerenderWith,
  post5,
  PostResource,
  renderWith,
  settle,
  setup,
  useTestEnvironment,
  watchConsole,
} from './support';

// <AsyncBoundary fallback errorComponent> = Suspense + error boundary.
useTestEnvironment();

function PostTitle() {
  const post = useSuspense(PostResource.get, p5);
  return <h1>{post.title}</h1>;
}

/** Answers the n-th request with a 500 and lets the error reach the boundary. */
async function fail(n: number): Promise<void> {
  (await net.nth(n)).reply({ message: 'boom' }, { status: 500, statusText: 'Internal Server Error' });
  await settle();
}

describe('AsyncBoundary', () => {
  test('shows the fallback while a child suspends, then the children', async () => {
    const { store } = setup({ gc: false });
    renderWith(
      store,
      <AsyncBoundary fallback={<p>wait…</p>}>
        <PostTitle />
      </AsyncBoundary>,
    );
    expect(screen.getByText('wait…')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.queryByText('wait…')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  test('the default fallback is null: nothing is rendered while suspended', async () => {
    const { store } = setup({ gc: false });
    const { container } = renderWith(
      store,
      <AsyncBoundary>
        <PostTitle />
      </AsyncBoundary>,
    );
    expect(container.innerHTML).toBe('');
    (await net.nth(1)).reply(post5);
    await settle();
    expect(container.innerHTML).toBe('<h1>hi</h1>');
  });

  test('the default error component renders <div role="alert">{error.message}</div>', async () => {
    watchConsole();
    const { rest, store } = setup({ gc: false });
    const { container } = renderWith(
      store,
      <AsyncBoundary fallback={<p>wait…</p>}>
        <PostTitle />
      </AsyncBoundary>,
    );
    await fail(1);
    const message = rest.selectError(store.getState(), PostResource.get, p5)!.message;
    expect(message).toContain(`${A}/react/posts/5`);
    expect(container.innerHTML).toBe(`<div role="alert">${message}</div>`);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  test('a custom errorComponent receives the error (rebuilt) and resetErrorBoundary', async () => {
    watchConsole();
    const { store } = setup({ gc: false });
    const received: ErrorComponentProps[] = [];
    function Oops(props: ErrorComponentProps) {
      received.push(props);
      return <p>oops: {props.error.message}</p>;
    }
    renderWith(
      store,
      <AsyncBoundary fallback={<p>wait…</p>} errorComponent={Oops}>
        <PostTitle />
      </AsyncBoundary>,
    );
    await fail(1);
    expect(received.length).toBeGreaterThan(0);
    const { error, resetErrorBoundary } = received[received.length - 1]!;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(500);
    expect(typeof resetErrorBoundary).toBe('function');
    expect(screen.getByText(`oops: ${error.message}`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  /** An error component with a "retry" button; with `invalidateFirst`, the button invalidates the key before it resets. */
  const retryButton = (invalidateFirst: boolean) =>
    function Retry({ error, resetErrorBoundary }: ErrorComponentProps) {
      const { invalidate } = useController();
      const retry = () => {
        if (invalidateFirst) invalidate(PostResource.get, p5);
        resetErrorBoundary();
      };
      return (
        <div>
          <p>failed: {error.message}</p>
          <button onClick={retry}>retry</button>
        </div>
      );
    };
  const Retry = retryButton(false);

  /** PostTitle in a boundary showing `errorComponent`, its first request failed. */
  async function failedBoundary(errorComponent: ComponentType<ErrorComponentProps>): Promise<void> {
    watchConsole();
    const { store } = setup({ gc: false });
    renderWith(
      store,
      <AsyncBoundary fallback={<p>wait…</p>} errorComponent={errorComponent}>
        <PostTitle />
      </AsyncBoundary>,
    );
    await fail(1);
  }

  /** The retry sent the key's request again, and its answer is on screen. */
  async function expectRefetched(): Promise<void> {
    const retry = await net.nth(2);
    expect(`${retry.method} ${retry.url}`).toBe(K.post5);
    retry.reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect(net.count).toBe(2);
  }

  test('resetErrorBoundary after the error expired renders the children again, which refetch', async () => {
    await failedBoundary(Retry);
    expect(screen.getByText(/^failed:/)).toBeTruthy();
    // errorExpiryLength (createRest default 1000 ms) has passed.
    jest.setSystemTime(Date.now() + 1001);
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(screen.getByText('wait…')).toBeTruthy();
    await expectRefetched();
  });

  test('resetErrorBoundary while the error is still fresh throws it again, without a request', async () => {
    const errors: Error[] = [];
    function Recording(props: ErrorComponentProps) {
      errors.push(props.error);
      return <Retry {...props} />;
    }
    await failedBoundary(Recording);
    const shown = errors.length;
    const first = errors[shown - 1]!;
    jest.setSystemTime(Date.now() + 500);
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    await settle();
    expect(errors.length).toBeGreaterThan(shown);
    // The same stored error yields the same instance.
    expect(errors[errors.length - 1]).toBe(first);
    expect(screen.getByText(/^failed:/)).toBeTruthy();
    expect(screen.queryByText('wait…')).toBeNull();
    expect(net.count).toBe(1);
  });

  test('a "Try again" that invalidates the key first retries at once, while the error would still be fresh', async () => {
    await failedBoundary(retryButton(true));
    jest.setSystemTime(Date.now() + 100);
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    await expectRefetched();
  });
});

describe('AsyncBoundary resetKeys clears a shown error when its children change', () => {
  function Detail({ id }: { id: number }) {
    const post = useSuspense(PostResource.get, { group: 'react', id });
    return <h1>{post.title}</h1>;
  }
  /** The n-th request answers 404, and the boundary has shown it. */
  const notFound = async (n: number) => {
    (await net.nth(n)).reply({ message: 'not found' }, { status: 404, statusText: 'Not Found' });
    await settle();
  };
  const page = (id: number, other = 0) => (
    <AsyncBoundary fallback={<p>wait…</p>} resetKeys={[id]}>
      <Detail id={id} />
      <span>{other}</span>
    </AsyncBoundary>
  );

  test('after a 404 for id 999, switching to id 5 renders post 5, not the old error', async () => {
    watchConsole();
    const { store } = setup({ gc: false });
    const view = renderWith(store, page(999));
    await notFound(1);
    expect(screen.getByRole('alert').textContent).toContain('/react/posts/999');
    rerenderWith(view, store, page(5));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('wait…')).toBeTruthy();
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    request.reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  test('a re-render with the same keys keeps the error, and sends no request', async () => {
    watchConsole();
    const { store } = setup({ gc: false });
    const view = renderWith(store, page(999));
    await notFound(1);
    rerenderWith(view, store, page(999, 1));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('/react/posts/999');
    expect(net.count).toBe(1);
  });

  test('keys that change to a failing id show its error', async () => {
    watchConsole();
    const { store } = setup({ gc: false });
    const view = await renderAnswered(store, page(5));
    expect(screen.getByRole('heading').textContent).toBe('hi');
    rerenderWith(view, store, page(999));
    await notFound(2);
    expect(screen.getByRole('alert').textContent).toContain('/react/posts/999');
    expect(net.count).toBe(2);
  });
});
