/**
 * The streaming code of docs/server-rendering.md (its companion .tsx), run on Node's renderer:
 * two users' pages streamed at once stay apart, and each page's data precedes its content.
 */
import { Writable } from 'node:stream';
import { deferred, json, restoreFetchAfterEach, stubFetch, useFakeClock } from './support';
import * as page from '../../docs/server-rendering';

restoreFetchAfterEach();
useFakeClock(1_000_000);

/** A response for `streamPage`: a Node Writable that keeps what it is sent. */
function response() {
  const pieces: string[] = [];
  const headers: Record<string, string> = {};
  let ended = false;
  const res = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pieces.push(chunk.toString('utf8'));
      done();
    },
  });
  res.on('finish', () => (ended = true));
  Object.assign(res, { setHeader: (name: string, value: string) => (headers[name] = value) });
  return {
    res: res as unknown as Parameters<typeof page.streamPage>[0],
    headers,
    async html() {
      for (let i = 0; i < 50 && !ended; i++) await jest.advanceTimersByTimeAsync(5);
      expect(ended).toBe(true);
      return pieces.join('');
    },
  };
}

describe('server-rendering: streaming', () => {
  it('streamPage: two users streamed at once, the same read in flight for both; each page holds only its user’s post, its script before its content', async () => {
    const answers = new Map([
      ['Bearer ann', deferred()],
      ['Bearer bob', deferred()],
    ]);
    const net = stubFetch((_url, init) => answers.get(new Headers(init.headers).get('authorization')!)!.promise);
    const [ann, bob] = [response(), response()];
    page.streamPage(ann.res, 5, 'ann');
    page.streamPage(bob.res, 5, 'bob');
    await jest.advanceTimersByTimeAsync(5);
    expect(net.calls()).toHaveLength(2);
    answers.get('Bearer bob')!.resolve(json({ id: 5, title: "bob's draft" }));
    answers.get('Bearer ann')!.resolve(json({ id: 5, title: "ann's draft </script><script>alert(1)</script>" }));
    const [annHtml, bobHtml] = [await ann.html(), await bob.html()];
    expect(ann.headers['content-type']).toBe('text/html; charset=utf-8');
    expect({ annSeesBob: annHtml.includes('bob'), bobSeesAnn: bobHtml.includes('ann') }).toEqual({ annSeesBob: false, bobSeesAnn: false });
    const script = bobHtml.indexOf('<script>(self["__rtkRest:rest"]');
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(bobHtml.indexOf('<h1>bob&#x27;s draft</h1>'));
    // The hostile title stays data: the only `<script>` it ends up in is escaped.
    expect(annHtml).not.toContain('<script>alert(1)');
  });
});
