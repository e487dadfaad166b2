import { act, render, screen } from '@testing-library/react';
import { StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Writable } from 'node:stream';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { TransformStream as NodeTransformStream } from 'node:stream/web';
import { hydrateRoot } from 'react-dom/client';
import type * as ReactModule from 'react';
import type { renderToPipeableStream as RenderToPipeableStream, renderToReadableStream as RenderToReadableStream } from 'react-dom/server';
import type * as ReactRedux from 'react-redux';
import type * as Core from 'rtk-rest';
import type * as Hooks from 'rtk-rest/react';
import type * as Server from 'rtk-rest/server';
import type * as Example from '../support/example';
import { Provider } from 'react-redux';
import { createRest, receiveRestScripts } from 'rtk-rest';
import { RestScripts } from 'rtk-rest/next';
import { useSuspense } from 'rtk-rest/react';
import { makeStore, net, p5, p6, post5, post6, PostResource, useTestEnvironment } from './support';
import type { Rest, Store } from './support';

// The server side of React in this jsdom environment: Node's renderer (React's browser build has
// no renderToPipeableStream), which schedules its work with setImmediate, a Node global jsdom
// hides; installed before the fake timers, which then drive it.
const globals = globalThis as { setImmediate?: unknown; TransformStream?: unknown };
globals.setImmediate ??= nodeSetImmediate;
globals.TransformStream ??= NodeTransformStream;

/**
 * The server's modules (React, react-redux, rtk-rest), loaded apart from the test's, as a server
 * is apart from the browser: React's server and client renderers sharing context objects in one
 * realm would warn about concurrent renderers.
 */
const server = (() => {
  let kit!: ReturnType<typeof load>;
  const load = () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const React = require('react') as typeof ReactModule;
    const { Provider: ServerProvider } = require('react-redux') as typeof ReactRedux;
    const { createRest: serverRest } = require('rtk-rest') as typeof Core;
    const { useSuspense: serverSuspense } = require('rtk-rest/react') as typeof Hooks;
    const { restScriptsDestination, restScriptsTransform } = require('rtk-rest/server') as typeof Server;
    const { renderToPipeableStream, renderToReadableStream } = require('react-dom/server.node') as { renderToPipeableStream: typeof RenderToPipeableStream; renderToReadableStream: typeof RenderToReadableStream };
    const { PostResource: ServerPosts } = require('../support/example') as typeof Example;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const h = React.createElement;
    const Title = ({ args }: { args: { group: string; id: number } }) => h('h1', null, serverSuspense(ServerPosts.get, args).title);
    return {
      restScriptsDestination,
      restScriptsTransform,
      renderToPipeableStream,
      renderToReadableStream,
      store: () => makeStore(serverRest() as unknown as Rest),
      /** The document of the tests: `titles` read with useSuspense, each list inside one Suspense boundary. */
      page: (store: Store, ...boundaries: { group: string; id: number }[][]) =>
        h('html', null, h('head', null, h('title', null, 'blog')), h('body', null, h(ServerProvider, { store, children: boundaries.map((titles, i) => h(React.Suspense, { key: i, fallback: h('p', null, `loading ${i}`) }, ...titles.map((args) => h(Title, { key: args.id, args })))) }))),
    };
  };
  jest.isolateModules(() => {
    kit = load();
  });
  return kit;
})();

useTestEnvironment();
// Each test's page is a new tab: no queue or receiver of an earlier one.
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)['__rtkRest:rest'];
});

/** The client's tree, the same as the server's `page(store, [p5])`. */
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
          <Suspense fallback={<p>loading 0</p>}>{children}</Suspense>
        </Provider>
      </body>
    </html>
  );
}

/** Streams the server page through `restScriptsDestination` into a Node Writable, piped once the shell is ready (`streamWhen('all', …)`: once all is). */
function stream(store: Store, ...boundaries: { group: string; id: number }[][]) {
  return streamWhen('shell', store, ...boundaries);
}

function streamWhen(ready: 'shell' | 'all', store: Store, ...boundaries: { group: string; id: number }[][]) {
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
  const { pipe } = server.renderToPipeableStream(server.page(store, ...boundaries), {
    onShellReady: () => ready === 'shell' && pipe(server.restScriptsDestination(sink, store)),
    onAllReady: () => ready === 'all' && pipe(server.restScriptsDestination(sink, store)),
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
    const store = server.store();
    const render = stream(store, [p5]);
    await jest.advanceTimersByTimeAsync(1);
    expect(render.pieces.join('')).toContain('<p>loading 0</p>');
    (await net.nth(1)).reply({ ...post5, title: 'streamed title' });
    const html = await render.done();
    const script = html.indexOf('<script>(self["__rtkRest:rest"]');
    const content = html.indexOf('<h1>streamed title</h1>');
    expect({ script: script >= 0, content: content >= 0, scriptFirst: script < content }).toEqual({ script: true, content: true, scriptFirst: true });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(net.count).toBe(1);
  });

  test('piped in onAllReady (a page sent in one piece, as for crawlers): no fallback, the script with the data precedes the content, and the client store it feeds sends no request', async () => {
    const sent = streamWhen('all', server.store(), [p5]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent.pieces).toEqual([]);
    (await net.nth(1)).reply({ ...post5, title: 'in one piece' });
    const html = await sent.done();
    expect(html).not.toContain('loading 0');
    const script = html.indexOf('<script>(self["__rtkRest:rest"]');
    expect({ script: script >= 0, scriptFirst: script < html.indexOf('<h1>in one piece</h1>') }).toEqual({ script: true, scriptFirst: true });
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    for (const element of restScripts(parsed)) window.eval(element.textContent!);
    const client = makeStore(createRest());
    receiveRestScripts(client);
    expect(renderTitle(client)).toEqual({ heading: 'in one piece', requests: 0 });
  });

  test('hostile strings in the data neither end nor add a script, and the client store fed by the scripts holds them, fresh: a client render sends no request', async () => {
    const hostile = '</script><script>window.hacked = 1</script>\u2028\u2029<!-- -->&amp;';
    const { html } = await streamed({ ...post5, title: hostile });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const ours = restScripts(doc);
    expect(ours.length).toBeGreaterThan(0);
    for (const script of ours) expect(script.textContent).not.toMatch(/[<>\u2028\u2029]/);
    // The page holds React's scripts and ours, nothing the data added; the title is text.
    const others = [...doc.querySelectorAll('script')].filter((script) => !ours.includes(script));
    expect(others.filter((script) => script.textContent!.includes('hacked'))).toEqual([]);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile);

    for (const script of ours) window.eval(script.textContent!);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    const rest = createRest();
    const client = makeStore(rest);
    receiveRestScripts(client);
    expect(rest.selectResponse(client.getState(), PostResource.get, p5)).toMatchObject({ data: { title: hostile }, expiryStatus: 'valid' });
    expect(renderTitle(client)).toEqual({ heading: hostile, requests: 0 });
  });

  test('scripts that run after the client store receives apply their writes at once', async () => {
    const { html } = await streamed(post5);
    const rest = createRest();
    const client = makeStore(rest);
    receiveRestScripts(client);
    expect(rest.selectResponse(client.getState(), PostResource.get, p5).status).toBe('uninitialized');
    for (const script of restScripts(new DOMParser().parseFromString(html, 'text/html'))) window.eval(script.textContent!);
    expect(rest.selectResponse(client.getState(), PostResource.get, p5)).toMatchObject({ data: { title: 'hi' }, expiryStatus: 'valid' });
  });

  test('a request that fails on the server is not sent: the browser asks again itself', async () => {
    const store = server.store();
    const render = stream(store, [p5]);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(1)).reply({ message: 'down' }, { status: 500, statusText: 'Server Error' });
    const html = await render.done();
    // React renders the boundary again in the browser; the store has nothing of the key, so the read fetches.
    expect(render.errors).toHaveLength(1);
    expect(store.getState().rest.meta[`GET https://api.example.com/react/posts/5`]).toMatchObject({ error: { status: 500 } });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    for (const script of restScripts(doc)) window.eval(script.textContent!);
    const clientRest = createRest();
    const client = makeStore(clientRest);
    receiveRestScripts(client);
    expect(clientRest.selectResponse(client.getState(), PostResource.get, p5).status).toBe('uninitialized');
  });

  test('two users streamed at once, the same read in flight for both: each page and its scripts hold only its own answer', async () => {
    const [annStore, bobStore] = [server.store(), server.store()];
    const ann = stream(annStore, [p5]);
    const bob = stream(bobStore, [p5]);
    await jest.advanceTimersByTimeAsync(1);
    expect(net.count).toBe(2);
    (await net.nth(2)).reply({ ...post5, title: "bob's draft" });
    (await net.nth(1)).reply({ ...post5, title: "ann's draft" });
    const [annHtml, bobHtml] = [await ann.done(), await bob.done()];
    expect({ ann: annHtml.includes("ann's draft"), bob: annHtml.includes("bob's draft") }).toEqual({ ann: true, bob: false });
    expect({ ann: bobHtml.includes("ann's draft"), bob: bobHtml.includes("bob's draft") }).toEqual({ ann: false, bob: true });
  });

  test('each piece carries only what changed since the previous one', async () => {
    const store = server.store();
    const render = stream(store, [p5], [p6]);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(1)).reply(post5);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(2)).reply(post6);
    const html = await render.done();
    const scripts = restScripts(new DOMParser().parseFromString(html, 'text/html')).map((script) => script.textContent!);
    expect(scripts).toHaveLength(2);
    expect(scripts.map((script) => ({ five: script.includes('"title":"hi"'), six: script.includes('"title":"six"') }))).toEqual([
      { five: true, six: false },
      { five: false, six: true },
    ]);
  });

  test('renderToReadableStream through restScriptsTransform: the script precedes the content, the document starts with its doctype', async () => {
    const store = server.store();
    const rendering = server.renderToReadableStream(server.page(store, [p5]));
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(1)).reply({ ...post5, title: 'from a web stream' });
    const stream = (await rendering).pipeThrough(server.restScriptsTransform(store));
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let html = '';
    for (let i = 0; i < 50; i++) {
      const next = reader.read();
      await jest.advanceTimersByTimeAsync(1);
      const { done, value } = await next;
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    const script = html.indexOf('<script>(self["__rtkRest:rest"]');
    const content = html.indexOf('<h1>from a web stream</h1>');
    expect({ doctype: html.startsWith('<!DOCTYPE html>'), script: script >= 0, content: content >= 0, scriptFirst: script < content, ended: html.endsWith('</html>') }).toEqual({ doctype: true, script: true, content: true, scriptFirst: true, ended: true });
  });

  test('rtk-rest/next: <RestScripts> hands the streamed writes to the store before its children render (StrictMode too): no request, no fallback', async () => {
    const { html } = await streamed(post5);
    for (const script of restScripts(new DOMParser().parseFromString(html, 'text/html'))) window.eval(script.textContent!);
    const rest = createRest();
    const client = makeStore(rest);
    const errors = jest.spyOn(console, 'error');
    const before = net.count;
    render(
      <Provider store={client}>
        <StrictMode>
          <RestScripts>
            <Suspense fallback={<p>loading</p>}>
              <Title args={p5} />
            </Suspense>
          </RestScripts>
        </StrictMode>
      </Provider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect({ requests: net.count - before, errors: errors.mock.calls }).toEqual({ requests: 0, errors: [] });
  });

  test('a pk "__proto__" from the API stays an own key of the client store (the writes go through JSON.parse)', async () => {
    const hostileId = { group: 'react', id: '__proto__' as unknown as number };
    const store = server.store();
    const render = stream(store, [hostileId]);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(1)).reply({ ...post5, id: '__proto__', title: 'own key' });
    const html = await render.done();
    const ours = restScripts(new DOMParser().parseFromString(html, 'text/html'));
    expect(ours.map((script) => script.textContent!.includes('.push(JSON.parse('))).toEqual([true]);
    for (const script of ours) window.eval(script.textContent!);
    const rest = createRest();
    const client = makeStore(rest);
    receiveRestScripts(client);
    const posts = client.getState().rest.entities.Post;
    expect({ own: Object.prototype.hasOwnProperty.call(posts, '__proto__'), prototype: Object.getPrototypeOf(posts) === Object.prototype }).toEqual({ own: true, prototype: true });
    expect(rest.selectResponse(client.getState(), PostResource.get, hostileId)).toMatchObject({ data: { title: 'own key' }, expiryStatus: 'valid' });
  });

  // Last: it hydrates the whole document.
  test('hydrateRoot of the streamed document: no request, no fallback, no mismatch', async () => {
    const { html } = await streamed(post5);
    const errors = jest.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    // The document as the browser parsed it; its scripts then run in order, as the parser runs them.
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
    for (const script of [...document.querySelectorAll('script')]) window.eval(script.textContent!);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000); // React reveals the streamed boundary
    });
    expect(document.querySelector('h1')?.textContent).toBe('hi');
    const rest = createRest();
    const client = makeStore(rest);
    receiveRestScripts(client);
    const before = net.count;
    await act(async () => {
      hydrateRoot(
        document,
        <Page store={client}>
          <Title args={p5} />
        </Page>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(document.querySelector('h1')?.textContent).toBe('hi');
    expect(document.body.textContent).not.toContain('loading');
    expect({ requests: net.count - before, recoverable, errors: errors.mock.calls }).toEqual({ requests: 0, recoverable: [], errors: [] });
  });
});

/** Streams a page whose one read is answered with `body`; its HTML once the stream ended. */
async function streamed(body: unknown): Promise<{ html: string }> {
  const render = stream(server.store(), [p5]);
  await jest.advanceTimersByTimeAsync(1);
  (await net.nth(net.count)).reply(body);
  return { html: await render.done() };
}

/** Renders post 5's title from `client` in the browser: the heading shown and the requests it sent. */
function renderTitle(client: Store): { heading: string | null; requests: number } {
  const before = net.count;
  render(
    <Provider store={client}>
      <Suspense fallback={<p>loading</p>}>
        <Title args={p5} />
      </Suspense>
    </Provider>,
  );
  return { heading: screen.getByRole('heading').textContent, requests: net.count - before };
}

/** The scripts rtk-rest/server inserted, in document order. */
const restScripts = (doc: Document) => [...doc.querySelectorAll('script')].filter((script) => script.textContent!.startsWith('(self["__rtkRest:rest"]'));
