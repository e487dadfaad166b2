/**
 * The code of docs/server-rendering.md (its companion .tsx) does what the page says: a store per
 * request, concurrent users kept apart, the slice embedded safely and hydrated without a request.
 */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { deferred, json, restoreFetchAfterEach, stubFetch, useFakeClock } from './support';
import * as page from '../../docs/server-rendering';
import type { RestState } from 'rtk-rest';

restoreFetchAfterEach();
useFakeClock(1_000_000);

const flush = () => act(async () => {
  await jest.advanceTimersByTimeAsync(10);
});

/** The HTML inside the root div, and the slice the page's script assigns. */
function parts(html: string) {
  const [, root, script] = /^<div id="root">(.*)<\/div><script>(.*)<\/script>$/s.exec(html)!;
  const window: { __SLICE__?: RestState } = {};
  new Function('window', script!)(window);
  return { root: root!, slice: window.__SLICE__! };
}

describe('server-rendering', () => {
  it('two users rendered at once, the same read in flight for both: each page holds only its user’s post, and the slice embeds hostile titles safely', async () => {
    const answers = new Map([
      ['Bearer ann', deferred()],
      ['Bearer bob', deferred()],
    ]);
    const net = stubFetch((_url, init) => answers.get(new Headers(init.headers).get('authorization')!)!.promise);
    const ann = page.renderPage(5, 'ann');
    const bob = page.renderPage(5, 'bob');
    await flush();
    expect(net.calls().map(({ url, headers }) => `${url} ${headers.authorization}`)).toEqual([
      'https://api.example.com/posts/5 Bearer ann',
      'https://api.example.com/posts/5 Bearer bob',
    ]);
    answers.get('Bearer bob')!.resolve(json({ id: 5, title: "bob's draft" }));
    answers.get('Bearer ann')!.resolve(json({ id: 5, title: "ann's draft </script><script>alert(1)</script>" }));
    const [annHtml, bobHtml] = await Promise.all([ann, bob]);
    expect(annHtml).not.toContain('bob');
    expect(bobHtml).not.toContain('ann');
    expect(annHtml.split('</script>')).toHaveLength(2);
    expect(parts(bobHtml).root).toBe('<!--$--><h1>bob&#x27;s draft</h1><!--/$-->');
    expect(parts(annHtml).slice.entities.Post!['5']).toEqual({ id: 5, title: "ann's draft </script><script>alert(1)</script>" });
  });

  it('hydratePage: the tab renders the server’s post with no request; PostRoute merges a later page’s slice without refetching', async () => {
    stubFetch(() => json({ id: 5, title: 'from the server' }));
    const html = await page.renderPage(5, undefined);
    const { root, slice } = parts(html);
    const net = stubFetch(() => json({ id: 6, title: 'fetched' }));
    const container = document.createElement('div');
    container.innerHTML = root;
    document.body.appendChild(container);
    let store!: ReturnType<typeof page.hydratePage>;
    await act(async () => {
      store = page.hydratePage(container, 5, slice);
    });
    expect(container.innerHTML).toBe(root);
    expect(net.calls()).toEqual([]);
    container.remove();
    // A client navigation brings the slice of another server render: merged, nothing refetched.
    render(
      <Provider store={store}>
        <page.PostRoute id={5} slice={slice} />
      </Provider>,
    );
    await flush();
    expect(screen.getByRole('heading').textContent).toBe('from the server');
    expect(net.calls()).toEqual([]);
  });
});
