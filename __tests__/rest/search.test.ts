import { compilePath } from '../../src/rest/path';
import { buildUrl, parseSearch, searchToString, splitParams } from '../../src/rest/search';
import type { SearchToString } from '../../src/rest/search';

const A = 'https://api.example.com';

/** `url()` of an endpoint with the default `searchToString`. */
function url(template: string, urlParams: Record<string, unknown>, urlPrefix = '', name = 'Post.getList'): string {
  return buildUrl(compilePath(template), urlPrefix, urlParams, name, (params) => searchToString(params, name));
}

describe('every key the template does not name is a query parameter', () => {
  it('split into fresh path and search objects; undefined and null dropped first', () => {
    const compiled = compilePath('/:group/posts/:id?');
    const input = { group: 'react', id: null, author: 'ann', page: undefined, x: null, tag: ['a'] };
    const { path, search } = splitParams(compiled, input);
    expect(path).toEqual({ group: 'react' });
    expect(search).toEqual({ author: 'ann', tag: ['a'] });
    expect(Object.keys(path)).toEqual(['group']);
    expect(search).not.toBe(input);
  });

  it('only own enumerable string keys count', () => {
    const input = Object.create({ inherited: 1 }) as Record<string, unknown>;
    Object.defineProperty(input, 'hidden', { value: 1, enumerable: false });
    input.shown = 2;
    (input as Record<symbol, unknown>)[Symbol('s')] = 3;
    expect(splitParams(compilePath('/x'), input)).toEqual({ path: {}, search: { shown: 2 } });
  });

  it('hostile keys stay own properties of the fresh objects', () => {
    const input = JSON.parse('{"__proto__": "p", "constructor": "c", "id": 1}') as Record<string, unknown>;
    const { path, search } = splitParams(compilePath('/:__proto__'), input);
    expect(Object.getPrototypeOf(path)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(path, '__proto__')?.value).toBe('p');
    expect(Object.keys(search)).toEqual(['constructor', 'id']);
    expect(url('/:__proto__', input)).toBe('/p?constructor=c&id=1');
  });
});

describe('the default searchToString', () => {
  const toSearch = (params: Record<string, unknown>) => searchToString(params, 'Post.getList');

  it('(1) keys sorted by UTF-16 code unit', () => {
    expect(toSearch({ a: 1, _: 2, A: 3, 1: 4, é: 5, Z: 6 })).toBe('1=4&A=3&Z=6&_=2&a=1&%C3%A9=5');
    expect(toSearch({ b: 1, aa: 2, a: 3 })).toBe('a=3&aa=2&b=1');
  });

  it('(2) arrays repeat the key in element order, skipping undefined and null; [] yields nothing', () => {
    expect(toSearch({ tag: ['b', null, 'a', undefined, 'b'] })).toBe('tag=b&tag=a&tag=b');
    expect(toSearch({ tag: [], q: 'x' })).toBe('q=x');
    expect(toSearch({ tag: [null] })).toBe('');
  });

  it('(3) numbers, booleans and bigints through String()', () => {
    expect(toSearch({ n: 1.5, b: false, g: 10n, z: -0, list: [1, true, 2n] })).toBe('b=false&g=10&list=1&list=true&list=2&n=1.5&z=0');
  });

  it('(4) form-urlencoded keys and values', () => {
    expect(toSearch({ q: 'a b', amp: '&', eq: '=', e: 'é' })).toBe('amp=%26&e=%C3%A9&eq=%3D&q=a+b');
    expect(toSearch({ 'a b&=': "!'()*-._~+/?#%" })).toBe('a+b%26%3D=%21%27%28%29*-._%7E%2B%2F%3F%23%25');
    expect(toSearch({ q: "a b!'()~*" })).toBe(new URLSearchParams({ q: "a b!'()~*" }).toString());
  });

  it('(5) pairs joined with "&"; nothing at all → ""', () => {
    expect(toSearch({ a: 1, b: 2 })).toBe('a=1&b=2');
    expect(toSearch({})).toBe('');
    expect(toSearch({ a: undefined, b: null })).toBe('');
  });
});

describe('values a query string cannot hold are a TypeError suggesting a searchToString override', () => {
  const toSearch = (params: Record<string, unknown>) => searchToString(params, 'Post.getList');

  it('the example message for a plain object', () => {
    expect(() => toSearch({ filter: { a: 1 } })).toThrow(
      new TypeError(
        'Post.getList: search parameter "filter" is an object. Query strings hold strings, numbers, booleans and arrays of them; override searchToString() to encode nested values.',
      ),
    );
  });

  it.each([
    ['search parameter "tags" holds an object at index 1.', { tags: ['a', { x: 1 }] }],
    ['search parameter "tags" holds a function at index 0.', { tags: [() => 1] }],
    ['search parameter "tags" holds a symbol at index 0.', { tags: [Symbol('s')] }],
    ['search parameter "tags" holds an array at index 0.', { tags: [['nested']] }],
    ['search parameter "since" is a Date object.', { since: new Date(0) }],
    ['search parameter "fn" is a function.', { fn: () => 1 }],
  ])('%s', (message, params: Record<string, unknown>) => {
    expect(() => toSearch(params)).toThrow(TypeError);
    expect(() => toSearch(params)).toThrow(`Post.getList: ${message} Query strings hold strings`);
    expect(() => toSearch(params)).toThrow('override searchToString() to encode nested values.');
  });

  it('url() throws for a nested object; an override is free to encode it', () => {
    expect(() => url('/:group/posts', { group: 'react', filter: { a: 1 } })).toThrow('search parameter "filter" is an object');
    const custom: SearchToString = (params) => `json=${encodeURIComponent(JSON.stringify(params))}`;
    const built = buildUrl(compilePath('/:group/posts'), '', { group: 'r', filter: { a: 1 } }, 'x', custom);
    expect(built).toBe('/r/posts?json=%7B%22filter%22%3A%7B%22a%22%3A1%7D%7D');
  });
});

describe('an overriding searchToString receives a fresh object of the query parameters only', () => {
  it('no path parameters, no undefined or null, a new object each call', () => {
    const seen: Record<string, unknown>[] = [];
    const custom: SearchToString = (params) => {
      seen.push(params);
      return 'custom';
    };
    const input = { group: 'react', author: 'ann', page: undefined };
    expect(buildUrl(compilePath('/:group/posts'), A, input, 'Post.getList', custom)).toBe(`${A}/react/posts?custom`);
    expect(seen).toEqual([{ author: 'ann' }]);
    expect(seen[0]).not.toBe(input);
  });
});

describe('the query string example', () => {
  it('sorted, repeated, form-encoded, false kept, undefined and null dropped', () => {
    expect(url('/:group/posts', { group: 'react', tag: ['b', 'a'], q: 'a b', draft: false, page: undefined, x: null, A: 1 })).toBe(
      '/react/posts?A=1&draft=false&q=a+b&tag=b&tag=a',
    );
  });
});

describe('url = urlPrefix + filled template + separator + query string', () => {
  it('the separator is "&" after an escaped literal "?"', () => {
    expect(url('/users/:login/events/public\\?per_page=50', { login: 'al', page: 2 })).toBe('/users/al/events/public?per_page=50&page=2');
  });

  it('PostResource.get.url({ group, id, author })', () => {
    expect(url('/:group/posts/:id', { group: 'react', id: 5, author: 'x' }, A, 'Post.get')).toBe(`${A}/react/posts/5?author=x`);
  });

  it('urlPrefix and the filled template meet at one slash, as fetchBaseQuery joins baseUrl', () => {
    expect(url('/:id', { id: 1 }, 'https://h/')).toBe('https://h/1');
    expect(url('posts/:id', { id: 1 }, 'https://h')).toBe('https://h/posts/1');
    expect(url('posts/:id', { id: 1, page: 2 }, 'https://h/')).toBe('https://h/posts/1?page=2');
  });

  it('a literal "?" in an omitted group does not count: the query starts with "?"', () => {
    expect(url('/a{\\?x=:x}', { page: 2 })).toBe('/a?page=2');
    expect(url('/a{\\?x=:x}', { x: 1, page: 2 })).toBe('/a?x=1&page=2');
  });

  it('URL parameters that are not an object are a TypeError', () => {
    expect(() => url('/:id', 5 as unknown as Record<string, unknown>, '', 'Post.get')).toThrow(
      new TypeError('Post.get: URL parameters must be an object such as { id: 5 }, got number'),
    );
  });
});

describe('an empty query string adds no "?"', () => {
  it('url({ group, id })', () => {
    expect(url('/:group/posts/:id', { group: 'react', id: 5 }, A)).toBe(`${A}/react/posts/5`);
    expect(url('/:group/posts/:id', { group: 'react', id: 5, tag: [] }, A)).toBe(`${A}/react/posts/5`);
  });

  it('key order and number-versus-string do not change the URL', () => {
    const first = url('/:group/posts/:id', { id: 5, group: 'react', b: 1, a: '2' });
    expect(first).toBe(url('/:group/posts/:id', { a: 2, group: 'react', id: '5', b: '1' }));
    expect(first).toBe('/react/posts/5?a=2&b=1');
  });
});

describe('parseSearch rebuilds query parameters as strings, repeated keys as arrays', () => {
  it('strings, arrays in order, form-decoded', () => {
    expect(parseSearch('A=1&draft=false&q=a+b&tag=b&tag=a&e=%C3%A9&empty=&bare')).toEqual({
      A: '1',
      draft: 'false',
      q: 'a b',
      tag: ['b', 'a'],
      e: 'é',
      empty: '',
      bare: '',
    });
    expect(parseSearch('')).toEqual({});
  });

  it('hostile keys stay own properties', () => {
    const params = parseSearch('__proto__=1&__proto__=2&constructor=c');
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(params, '__proto__')?.value).toEqual(['1', '2']);
    expect(params.constructor).toBe('c');
  });
});
