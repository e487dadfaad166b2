import { runInNewContext } from 'node:vm';
import { createRest, serializeForScript } from 'rtk-rest';
import { PostResource, fetchAnswered, makeStore, net, p5, post5, setup, useTestEnvironment } from './support';

// A server store's slice embedded in an HTML <script>: hostile strings in the data cannot end the
// script or change it, and the client reads back exactly the slice.

useTestEnvironment();

const hostile = '</script><script>alert(1)</script> <!-- a\u2028b\u2029c & </SCRIPT> -->';

describe('serializeForScript', () => {
  it('a slice holding hostile strings embeds in one <script> and reads back as the same slice in a client store', async () => {
    const server = setup({ gc: false });
    await fetchAnswered(server.store, server.rest.fetch(PostResource.get, p5), { ...post5, title: hostile }, 1040);
    const slice = server.store.getState()[server.rest.reducerPath];
    const out = serializeForScript(slice);
    const html = `<script>window.__SLICE__ = ${out}</script>`;
    expect(html.toLowerCase().split('</script').length).toBe(2);
    expect(html).not.toContain('<!--');
    expect(out).not.toMatch(/[\u2028\u2029<>]/);
    // What the browser runs, and what JSON.parse reads, is the slice itself.
    const window: { __SLICE__?: unknown } = {};
    runInNewContext(html.slice('<script>'.length, -'</script>'.length), { window });
    expect(window.__SLICE__).toEqual(JSON.parse(JSON.stringify(slice)));
    expect(JSON.parse(out)).toEqual(window.__SLICE__);
    jest.setSystemTime(2000);
    const rest = createRest({ gc: false });
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: window.__SLICE__ } });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe(hostile);
    expect(net.count).toBe(1);
  });

  it('a value with no JSON form is a clear error', () => {
    expect(() => serializeForScript(undefined)).toThrow('[rtk-rest] serializeForScript: undefined has no JSON form.');
  });
});
