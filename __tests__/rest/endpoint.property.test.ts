import fc from 'fast-check';
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import { compilePath } from '../../src/rest/path';
import { parseSearch } from '../../src/rest/search';

// For random parameter values (including / ? # % .. and unicode), an
// endpoint's key matches its own testKey and its URL parses back to the same
// parameters with no extra path segment. A fixed seed keeps runs reproducible; fast-check
// prints the seed and the shrunk counterexample on failure. Set FC_SEED to explore other runs.
const seed = Number(process.env.FC_SEED ?? 20261121);

class PropPost extends Entity {
  id = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'PropPost';
}
const A = 'https://api.example.com';
const PostResource = createResource({ path: '/:group/posts/:id', schema: PropPost, urlPrefix: A, searchParams: {} as { author?: string } });
const files = new RestEndpoint({ path: '/repos/:owner/*path', urlPrefix: A });

const nasty = fc.constantFrom('/', '?', '#', '%', '..', '&', '=', '+', ' ', '%2F', '\\', 'é', '😀');
// A whole value of `..` is rejected (a dot segment would move the path); dots inside values stay.
const value = fc
  .string({ unit: fc.oneof(nasty, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 8 })
  .filter((text) => text !== '.' && text !== '..');

/** The part of a key after `${method} ${urlPrefix}`, split into path and query. */
function pathAndQuery(endpoint: RestEndpoint, key: string): [string, string] {
  const rest = key.slice(`${endpoint.method} ${endpoint.urlPrefix}`.length);
  const at = rest.indexOf('?');
  return at === -1 ? [rest, ''] : [rest.slice(0, at), rest.slice(at + 1)];
}

describe('keys of random parameter values', () => {
  it('testKey(key(params)) holds and the URL parses back to the same params, one segment each', () => {
    const compiled = compilePath('/:group/posts/:id');
    fc.assert(
      fc.property(value, value, fc.option(value, { nil: undefined }), (group, id, author) => {
        const params = author === undefined ? { group, id } : { group, id, author };
        const key = PostResource.get.key(params);
        expect(PostResource.get.testKey(key)).toBe(true);
        expect(key).toBe(`GET ${PostResource.get.url(params)}`);
        const [path, query] = pathAndQuery(PostResource.get, key);
        expect(path.split('/')).toHaveLength(4); // '', group, 'posts', id: nothing injected
        expect(compiled.matchPath(path)).toEqual({ group, id });
        expect(parseSearch(query)).toEqual(author === undefined ? {} : { author });
        // A different endpoint of the same resource never claims the key.
        expect(PostResource.update.testKey(key)).toBe(false);
      }),
      { seed, numRuns: 1000 },
    );
  });

  it('a wildcard value comes back as the same segments', () => {
    const compiled = compilePath('/repos/:owner/*path');
    fc.assert(
      fc.property(value, fc.array(value, { minLength: 1, maxLength: 4 }), (owner, path) => {
        const key = files.key({ owner, path });
        expect(files.testKey(key)).toBe(true);
        const [filled] = pathAndQuery(files, key);
        expect(filled.split('/')).toHaveLength(3 + path.length);
        expect(compiled.matchPath(filled)).toEqual({ owner, path });
      }),
      { seed, numRuns: 1000 },
    );
  });
});
