/**
 * The `Link` header (RFC 8288) that Link pagination follows, on the shapes real APIs
 * send (GitHub's first, middle and last pages; GitLab's; relative references; quoted params).
 */
import { parseLinkHeader } from '../../src/rest/linkHeader';

const GITHUB_FIRST =
  '<https://api.github.com/repositories/1300192/issues?page=2>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last"';
const GITHUB_MIDDLE =
  '<https://api.github.com/repositories/1300192/issues?page=1>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=3>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"';
const GITHUB_LAST =
  '<https://api.github.com/repositories/1300192/issues?page=514>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"';

describe('parseLinkHeader follows RFC 8288 on real header shapes', () => {
  it("GitHub's first page: next (a different path from the request) and last", () => {
    expect(parseLinkHeader(GITHUB_FIRST, 'https://api.github.com/repos/octocat/Hello-World/issues')).toEqual({
      next: 'https://api.github.com/repositories/1300192/issues?page=2',
      last: 'https://api.github.com/repositories/1300192/issues?page=515',
    });
  });

  it("GitHub's middle and last pages: four relations, then no next", () => {
    expect(parseLinkHeader(GITHUB_MIDDLE, '')).toEqual({
      prev: 'https://api.github.com/repositories/1300192/issues?page=1',
      next: 'https://api.github.com/repositories/1300192/issues?page=3',
      last: 'https://api.github.com/repositories/1300192/issues?page=515',
      first: 'https://api.github.com/repositories/1300192/issues?page=1',
    });
    expect(parseLinkHeader(GITHUB_LAST, '').next).toBeUndefined();
  });

  it('relative references resolve against the request URL; the query is kept exactly', () => {
    expect(parseLinkHeader('</api/posts?cursor=a%2Fb&limit=2>; rel="next"', 'http://localhost:3000/api/posts?limit=2')).toEqual({
      next: 'http://localhost:3000/api/posts?cursor=a%2Fb&limit=2',
    });
    expect(parseLinkHeader('<?page=3>; rel=next', 'https://x.test/items?page=2').next).toBe('https://x.test/items?page=3');
  });

  it('unquoted and multi-valued rel, extra params with commas and semicolons inside quotes, odd spacing and case', () => {
    const header =
      '<https://x.test/a?page=2>;title="a, b; c";REL="Next Last" ,<https://x.test/a?page=1> ; rel = prev ; type="text/html"';
    expect(parseLinkHeader(header, '')).toEqual({
      next: 'https://x.test/a?page=2',
      last: 'https://x.test/a?page=2',
      prev: 'https://x.test/a?page=1',
    });
  });

  it('the first link of a relation wins; links without rel, and garbage, are skipped; empty gives {}', () => {
    expect(parseLinkHeader('<https://x.test/1>; rel="next", <https://x.test/2>; rel="next"', '').next).toBe('https://x.test/1');
    expect(parseLinkHeader('<https://x.test/1>; title="no rel", junk, <https://x.test/3>; rel="next"', '')).toEqual({ next: 'https://x.test/3' });
    expect(parseLinkHeader('', '')).toEqual({});
    expect(parseLinkHeader(null, '')).toEqual({});
    expect(parseLinkHeader('<unterminated; rel="next"', '')).toEqual({});
  });

  it('a relative reference without a base URL is kept as given', () => {
    expect(parseLinkHeader('</posts?page=2>; rel="next"', '').next).toBe('/posts?page=2');
  });
});
