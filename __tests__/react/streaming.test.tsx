import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Writable } from 'node:stream';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import type { renderToPipeableStream as RenderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { restScriptsDestination } from 'rtk-rest/server';
import { createRest } from 'rtk-rest';
import { useSuspense } from 'rtk-rest/react';
import { makeStore, net, p5, post5, PostResource, useTestEnvironment } from './support';
import type { Rest, Store } from './support';

// The server side of React in this jsdom environment: Node's renderer (React's browser build has
// no renderToPipeableStream), which schedules its work with setImmediate, a Node global jsdom
// hides; installed before the fake timers, which then drive it.
const globals = globalThis as { setImmediate?: unknown };
globals.setImmediate ??= nodeSetImmediate;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderToPipeableStream } = require('react-dom/server.node') as { renderToPipeableStream: typeof RenderToPipeableStream };

useTestEnvironment();

function Title({ args }: { args: { group: string; id: number } }) {
  const post = useSuspense(PostResource.get, args);
  return <h1>{post.title}</h1>;
}

function Page({ store, children }: { store: Store; children: ReactNode }) {
  return (
    <html>
      <head>
        <title>blog</title>
      </head>
      <body>
        <Provider store={store}>
          <Suspense fallback={<p>loading</p>}>{children}</Suspense>
        </Provider>
      </body>
    </html>
  );
}

/** Streams `app` through `restScriptsDestination` into a Node Writable; resolves the HTML pieces once the stream ends. */
function stream(app: ReactNode, store: Store, rest?: Rest) {
  const pieces: string[] = [];
  let ended = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pieces.push(chunk.toString('utf8'));
      done();
    },
  });
  sink.on('finish', () => {
    ended = true;
  });
  const errors: unknown[] = [];
  const { pipe } = renderToPipeableStream(app, {
    onShellReady: () => pipe(restScriptsDestination(sink, store, rest && { rest })),
    onError: (error) => {
      errors.push(error);
    },
  });
  return {
    pieces,
    errors,
    async done() {
      for (let i = 0; i < 50 && !ended; i++) await jest.advanceTimersByTimeAsync(1);
      expect(ended).toBe(true);
      return pieces.join('');
    },
  };
}

describe('streaming a server store inside the HTML', () => {
  test('the data of a useSuspense read is streamed as a script before the content of its boundary', async () => {
    const rest = createRest();
    const store = makeStore(rest);
    const render = stream(
      <Page store={store}>
        <Title args={p5} />
      </Page>,
      store,
    );
    await jest.advanceTimersByTimeAsync(1);
    expect(render.pieces.join('')).toContain('<p>loading</p>');
    (await net.nth(1)).reply({ ...post5, title: 'streamed title' });
    const html = await render.done();
    const script = html.indexOf('<script>(self["__rtkRest:rest"]');
    const content = html.indexOf('<h1>streamed title</h1>');
    expect({ script: script >= 0, content: content >= 0, scriptFirst: script < content }).toEqual({ script: true, content: true, scriptFirst: true });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(net.count).toBe(1);
  });
});
