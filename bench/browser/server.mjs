// The tiny HTTP server that serves the benchmark's pages on a free loopback port. Its headers make
// the pages cross-origin isolated (COOP same-origin + COEP require-corp on a trustworthy origin),
// so that `performance.now()` has its fine resolution (5 µs, not the 100 µs of other pages): the
// unrelated write takes well under a millisecond.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** Serves the files of `dir`; resolves with `{ url, close() }` once listening. */
export function serve(dir) {
  const server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url, 'http://localhost').pathname).replace(/^[/\\]+/, '');
    const type = TYPES[path.slice(path.lastIndexOf('.'))];
    try {
      if (type === undefined || path.includes('..')) throw new Error('not served');
      const body = await readFile(join(dir, path));
      response.writeHead(200, {
        'content-type': type,
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
        'cache-control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
