/**
 * `<RestScripts>` on the server, under Next.js's own `useServerInsertedHTML` context: the sink
 * below stands in for Next.js's stream, which renders the inserted HTML before each piece React
 * streams (after each run of writes React ends with `flush()`).
 */
import { Fragment, Suspense, createElement as h } from 'react';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { ServerInsertedHTMLContext } from 'next/navigation.js';
import { createRest } from 'rtk-rest';
import { RestScripts } from 'rtk-rest/next';
import { useSuspense } from 'rtk-rest/react';
import { makeStore, net, p5, post5, PostResource, useTestEnvironment } from '../redux/support';

useTestEnvironment();

function Title() {
  return h('h1', null, useSuspense(PostResource.get, p5).title);
}

/** Renders `app` as Next.js does with server-inserted HTML; the HTML once the stream ended. */
function nextRender(app: ReactNode) {
  const inserts: (() => ReactNode)[] = [];
  const pieces: string[] = [];
  let held = '';
  let ended = false;
  const insertedHtml = () => renderToStaticMarkup(h(Fragment, null, ...inserts.map((insert) => insert())));
  const sink = {
    write(chunk: Uint8Array | string) {
      held += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    },
    flush() {
      pieces.push(insertedHtml() + held);
      held = '';
    },
    end() {
      sink.flush();
      ended = true;
    },
    on() {
      return sink;
    },
  };
  const { pipe } = renderToPipeableStream(
    h(ServerInsertedHTMLContext.Provider, { value: (insert: () => ReactNode) => inserts.push(insert) }, app),
    { onShellReady: () => pipe(sink as never) },
  );
  return {
    pieces,
    async done() {
      for (let i = 0; i < 50 && !ended; i++) await jest.advanceTimersByTimeAsync(1);
      expect(ended).toBe(true);
      return pieces.join('');
    },
  };
}

describe('rtk-rest/next: <RestScripts> on the server', () => {
  test("inserts the store's writes before the boundary that read them, as one script each piece", async () => {
    const rest = createRest();
    const store = makeStore(rest);
    const render = nextRender(h(Provider, { store, children: h(RestScripts, { nonce: 'n0nce' }, h(Suspense, { fallback: h('p', null, 'loading') }, h(Title))) }));
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(1)).reply({ ...post5, title: '</script><!-- \u2028' });
    const html = await render.done();
    const script = html.indexOf('<script nonce="n0nce">(self["__rtkRest:rest"]');
    const content = html.indexOf('<h1>&lt;/script&gt;&lt;!-- \u2028</h1>');
    expect({ script: script >= 0, content: content >= 0, scriptFirst: script < content }).toEqual({ script: true, content: true, scriptFirst: true });
    expect(html.match(/self\["__rtkRest:rest"\]/g)).toHaveLength(2); // one script: the queue named twice
    expect(html.slice(script, html.indexOf('</script>', script))).not.toMatch(/[\u2028]|<\/|<!--/);
  });

  test('a store per provider: two requests rendered at once each insert only their own answer', async () => {
    const [annRest, bobRest] = [createRest(), createRest()];
    const [annStore, bobStore] = [makeStore(annRest), makeStore(bobRest)];
    const page = (store: ReturnType<typeof makeStore>) => h(Provider, { store, children: h(RestScripts, null, h(Suspense, { fallback: null }, h(Title))) });
    const ann = nextRender(page(annStore));
    const bob = nextRender(page(bobStore));
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(2)).reply({ ...post5, title: 'bob only' });
    (await net.nth(1)).reply({ ...post5, title: 'ann only' });
    const [annHtml, bobHtml] = [await ann.done(), await bob.done()];
    expect([annHtml.includes('ann only'), annHtml.includes('bob only'), bobHtml.includes('ann only'), bobHtml.includes('bob only')]).toEqual([true, false, false, true]);
  });
});
