import { compilePath } from '../../src/rest/path';
import type { CompiledPath } from '../../src/rest/path';

const A = 'https://api.example.com';

const fill = (template: string, params: Record<string, unknown>, name = 'Post.get') => compilePath(template).fill(params, name);
const paramsOf = (template: string) => compilePath(template).params.map(({ name, optional, wildcard }) => ({ name, optional, wildcard }));

/** `testKey` without the method and prefix check: the URL tail can come from the template. */
const testPath = (compiled: CompiledPath, rest: string): boolean => compiled.matchUrl(rest) !== undefined;

/** `testKey` as RestEndpoint will build it: `${method} ${urlPrefix}` then a tail `testPath` accepts. */
function testKey(method: string, urlPrefix: string, template: string, key: string): boolean {
  const head = `${method} ${urlPrefix}`;
  return key.startsWith(head) && testPath(compilePath(template), key.slice(head.length));
}

/** The `Error` a template throws, or a failure when it does not throw. */
function errorOf(template: string): Error {
  try {
    compilePath(template);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`expected ${JSON.stringify(template)} to throw`);
}

describe('template tokens', () => {
  it("':name' is a required parameter whose name ends at any non-identifier character", () => {
    expect(paramsOf('/:id.json')).toEqual([{ name: 'id', optional: false, wildcard: false }]);
    expect(fill('/:id.json', { id: 5 })).toBe('/5.json');
    expect(paramsOf('/:a-:b').map((p) => p.name)).toEqual(['a', 'b']);
    expect(fill('/:a-:b', { a: 1, b: 2 })).toBe('/1-2');
    expect(paramsOf('/:_$x9y/:Z').map((p) => p.name)).toEqual(['_$x9y', 'Z']);
  });

  it('\':"text"\' is a required parameter with any name', () => {
    expect(paramsOf('/:"post-id"')).toEqual([{ name: 'post-id', optional: false, wildcard: false }]);
    expect(fill('/:"post-id"', { 'post-id': 7 })).toBe('/7');
    expect(paramsOf('/:"say \\"hi\\""').map((p) => p.name)).toEqual(['say "hi"']);
  });

  it("':name?' is optional, and a directly preceding unescaped '/' belongs to it", () => {
    expect(paramsOf('/posts/:id?')).toEqual([{ name: 'id', optional: true, wildcard: false }]);
    expect(fill('/posts/:id?', {})).toBe('/posts');
    expect(fill('/posts/:"p id"?', { 'p id': 'x' })).toBe('/posts/x');
    expect(fill('/posts-:id?', {})).toBe('/posts-');
    expect(fill('/posts\\/:id?', {})).toBe('/posts/');
  });

  it("'*name' is a required wildcard and '*name?' an optional one", () => {
    expect(paramsOf('/files/*path')).toEqual([{ name: 'path', optional: false, wildcard: true }]);
    expect(paramsOf('/files/*path?')).toEqual([{ name: 'path', optional: true, wildcard: true }]);
    expect(fill('/files/*path?', {})).toBe('/files');
    expect(fill('/files/*path?', { path: ['a', 'b'] })).toBe('/files/a/b');
    // `:id*` alone is an error; followed by a name it is a parameter, then a wildcard
    expect(paramsOf('/:a*b').map((p) => [p.name, p.wildcard])).toEqual([['a', false], ['b', true]]);
  });

  it("'{…}' is an optional group and may nest", () => {
    expect(paramsOf('/users{/:id}').map((p) => p.optional)).toEqual([true]);
    expect(fill('{/:a}{-:b}', { a: 1, b: 2 })).toBe('/1-2');
    expect(fill('{/:a}{-:b}', { b: 2 })).toBe('-2');
    expect(fill('/a{/:x{/:y}}', { x: 1, y: 2 })).toBe('/a/1/2');
    expect(fill('/a{/:x{/:y}}', { x: 1 })).toBe('/a/1');
    expect(fill('/a{/:x{/:y}}', { y: 2 })).toBe('/a');
    expect(fill('/a{/static}', {})).toBe('/a/static');
  });

  it("'\\\\c' is the literal character c", () => {
    expect(fill('https\\://api.example.com/:id', { id: 1 })).toBe('https://api.example.com/1');
    expect(fill('/public\\?per_page=50', {})).toBe('/public?per_page=50');
    expect(fill('/\\(\\:\\*\\{\\}\\[\\]\\+\\!\\\\', {})).toBe('/(:*{}[]+!\\');
    expect(paramsOf('/a\\:b\\*c')).toEqual([]);
    expect(compilePath('/public\\?per_page=50').hasLiteralQuery).toBe(true);
    expect(compilePath('/public/:id').hasLiteralQuery).toBe(false);
  });
});

describe('an absolute address escapes its scheme and port colons', () => {
  it('https\\://host\\:8443/v1/:id', () => {
    const template = 'https\\://api.example.com\\:8443/v1/:id';
    expect(paramsOf(template).map((p) => p.name)).toEqual(['id']);
    expect(fill(template, { id: 5 })).toBe('https://api.example.com:8443/v1/5');
    expect(errorOf('https://api.example.com/:id').message).toContain('for a scheme or port write https\\://');
  });
});

describe('invalid templates throw at construction with the token, its index and the fix', () => {
  it('the example message, exactly', () => {
    expect(() => compilePath('/users/:id(\\d+)')).toThrow(
      new Error('Invalid path "/users/:id(\\d+)": unexpected "(" at index 10. Parameter patterns are not supported; escape literal parentheses as \\('),
    );
  });

  it.each([
    ['/:id+', '+', 4, 'Use a wildcard *id, whose value is string[]'],
    ['/:"a b"+', '+', 7, 'Use a wildcard *"a b", whose value is string[]'],
    ['/:id*', '*', 4, 'Use an optional wildcard *id?'],
    ['/(x)', '(', 1, 'escape literal parentheses as \\('],
    ['/x)', ')', 2, 'escape literal parentheses as \\)'],
    ['/a?b', '?', 2, 'Escape it with \\'],
    ['/:id??', '?', 5, 'Escape it with \\'],
    ['?', '?', 0, '\\? starts a literal query string'],
    ['/a+b', '+', 2, 'Escape it with \\'],
    ['/*path+', '+', 6, 'Escape it with \\'],
    ['/a!', '!', 2, 'Escape it with \\'],
    ['/[a', '[', 1, 'Escape it with \\'],
    ['/a]', ']', 2, 'Escape it with \\'],
    ['/*', '*', 1, 'A wildcard needs a name'],
    ['/*/a', '*', 1, 'Escape it with \\'],
    ['/:', ':', 1, 'A parameter needs a name'],
    ['/:1', ':', 1, 'Escape it with \\'],
    ['https://x', ':', 5, 'https\\://'],
    ['/:"ab', '"', 2, 'Close the quoted parameter name'],
    ['/:""', ':""', 1, 'A parameter needs a name'],
    ['/a{/:b', '{', 2, 'Balance the braces'],
    ['{/a{/b}', '{', 0, 'Balance the braces'],
    ['/a}', '}', 2, 'Balance the braces'],
    ['/a{/:b}?', '?', 7, 'remove the "?"'],
    ['/a\\', '\\', 2, 'remove it or escape it as \\\\'],
    ['/:id/:id', ':id', 5, 'The parameter name "id" is used twice; rename one of them'],
    ['/:id/*id', '*id', 5, 'rename one of them'],
    ['/:"x"/{:x}', ':x', 7, 'The parameter name "x" is used twice'],
  ])('%j → unexpected %j at index %d', (template, token, index, fix) => {
    const error = errorOf(template);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(new RegExp(`^Invalid path "${escape(template)}": unexpected "${escape(token)}" at index ${index}\\. `));
    expect(error.message).toContain(fix);
  });

  it('an invalid template throws every time (only valid ones are cached)', () => {
    expect(() => compilePath('/:id+')).toThrow('Invalid path');
    expect(() => compilePath('/:id+')).toThrow('Invalid path');
    expect(compilePath('/cached/:id')).toBe(compilePath('/cached/:id'));
  });

  it('the fault table examples are construction errors', () => {
    for (const template of [':id+', '(x)', '/a?']) expect(() => compilePath(template)).toThrow(/^Invalid path ".*": unexpected ".*" at index \d+\. ./);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('parameter values are encoded one by one', () => {
  it('a string or number, through String() and encodeURIComponent', () => {
    expect(fill('/:id', { id: 'a/b' })).toBe('/a%2Fb');
    expect(fill('/:id', { id: '../x' })).toBe('/..%2Fx');
    expect(fill('/:id', { id: 'a b' })).toBe('/a%20b');
    expect(fill('/:id', { id: 'é' })).toBe('/%C3%A9');
    expect(fill('/:id', { id: 5 })).toBe('/5');
    expect(fill('/:id', { id: '?#%' })).toBe('/%3F%23%25');
  });

  it("a wildcard's elements are encoded on their own and joined with '/'", () => {
    expect(fill('/files/*path', { path: ['a', 'b c', 'd/e'] })).toBe('/files/a/b%20c/d%2Fe');
    expect(fill('/files/*path', { path: [1, 'x'] })).toBe('/files/1/x');
  });

  it('an element that is not a non-empty string or number is a TypeError', () => {
    expect(() => fill('/files/*path', { path: ['a', ''] })).toThrow(
      new TypeError('Post.get: path parameter "path" must be an array of non-empty strings or numbers, got an empty string at index 1'),
    );
    expect(() => fill('/files/*path', { path: ['a', null] })).toThrow('got null at index 1');
    expect(() => fill('/files/*path', { path: [{}] })).toThrow('got object at index 0');
  });

  it('a lone surrogate is a TypeError naming the parameter', () => {
    expect(() => fill('/:id', { id: '\uD800' })).toThrow(new TypeError('Post.get: path parameter "id" is not well-formed Unicode (it holds a lone surrogate)'));
  });
});

describe('a missing required parameter is a TypeError listing every missing name', () => {
  it('the example message, in template order', () => {
    expect(() => fill('/:group/posts/:id', {})).toThrow(
      new TypeError('Post.get: missing path parameter(s) "group", "id" for path "/:group/posts/:id"'),
    );
    expect(() => fill('/:group/posts/:id', { id: 5 })).toThrow(new TypeError('Post.get: missing path parameter(s) "group" for path "/:group/posts/:id"'));
  });

  it('absent, undefined, null, empty string and (wildcard) empty array are missing', () => {
    for (const id of [undefined, null, '']) expect(() => fill('/:id', { id })).toThrow('missing path parameter(s) "id"');
    expect(() => fill('/files/*path', { path: [] })).toThrow('missing path parameter(s) "path"');
  });

  it('only own properties count', () => {
    const inherited = Object.create({ id: 5 }) as Record<string, unknown>;
    expect(() => fill('/:id', inherited)).toThrow('missing path parameter(s) "id"');
    expect(() => fill('/:constructor', {})).toThrow('missing path parameter(s) "constructor"');
  });

  it('get({ group: "react" }) names the endpoint, the template and the missing name', () => {
    expect(() => fill('/:group/posts/:id', { group: 'react' })).toThrow(
      new TypeError('Post.get: missing path parameter(s) "id" for path "/:group/posts/:id"'),
    );
  });
});

describe('an optional value that is undefined, null or empty is omitted with its optional part', () => {
  it("'/posts/:id?'", () => {
    expect(fill('/posts/:id?', {})).toBe('/posts');
    expect(fill('/posts/:id?', { id: null })).toBe('/posts');
    expect(fill('/posts/:id?', { id: '' })).toBe('/posts');
    expect(fill('/posts/:id?', { id: 5 })).toBe('/posts/5');
  });

  it("'/users{/:id}{/:group}'", () => {
    expect(fill('/users{/:id}{/:group}', { id: 5 })).toBe('/users/5');
    expect(fill('/users{/:id}{/:group}', { group: 'g' })).toBe('/users/g');
    expect(fill('/users{/:id}{/:group}', { id: 5, group: 'g' })).toBe('/users/5/g');
  });

  it('an optional group needs every parameter inside it', () => {
    expect(fill('/a{/:x/:y}', { x: 1 })).toBe('/a');
    expect(fill('/a{/:x/:y}', { x: 1, y: 2 })).toBe('/a/1/2');
  });
});

describe('any other value type is a TypeError naming the parameter and the type', () => {
  it('the example message', () => {
    expect(() => fill('/:group/posts/:id', { group: 'g', id: true })).toThrow(
      new TypeError('Post.get: path parameter "id" must be a string or number, got boolean'),
    );
  });

  it.each([
    [{}, 'object'],
    [['a'], 'array'],
    [() => 1, 'function'],
    [Symbol('s'), 'symbol'],
    [5n, 'bigint'],
  ])('%p for :id → got %s', (id, type) => {
    expect(() => fill('/:id?', { id })).toThrow(new TypeError(`Post.get: path parameter "id" must be a string or number, got ${type}`));
  });

  it('a non-array for *path', () => {
    expect(() => fill('/files/*path', { path: 'x' })).toThrow(
      new TypeError('Post.get: path parameter "path" must be an array of strings or numbers, got string'),
    );
  });
});

describe('testKey: the prefix, a producible path, one optional "/", an optional query', () => {
  const get = (key: string) => testKey('GET', A, '/:group/posts/:id', key);

  it('the examples for PostResource.get', () => {
    expect(get(`GET ${A}/react/posts/5`)).toBe(true);
    expect(get(`GET ${A}/react/posts/5/`)).toBe(true);
    expect(get(`GET ${A}/react/posts/5?author=x`)).toBe(true);
    expect(get(`GET ${A}/react/posts/a%2Fb`)).toBe(true);
    expect(get(`GET ${A}/React/Posts/5`)).toBe(false);
    expect(get(`PUT ${A}/react/posts/5`)).toBe(false);
    expect(get(`GET ${A}/react/posts/5/comments`)).toBe(false);
    expect(get(`GET ${A}/react/posts`)).toBe(false);
  });

  it('at most one trailing "/", and a parameter never holds "/" or "?"', () => {
    const c = compilePath('/:group/posts/:id');
    expect(testPath(c, '/react/posts/5//')).toBe(false);
    expect(testPath(c, '/react/posts/5/?x=1')).toBe(true);
    expect(testPath(c, '/react//posts/5')).toBe(false);
    expect(testPath(c, '/react/posts/')).toBe(false);
    expect(testPath(c, '/react/posts/a b')).toBe(true);
  });

  it('optional parts may be present or absent; wildcards take one or more segments', () => {
    expect(testPath(compilePath('/users{/:id}{/:group}'), '/users')).toBe(true);
    expect(testPath(compilePath('/users{/:id}{/:group}'), '/users/5/g?x')).toBe(true);
    expect(testPath(compilePath('/users{/:id}{/:group}'), '/users/5/g/h')).toBe(false);
    const files = compilePath('/files/*path');
    expect(testPath(files, '/files/a/b/c/')).toBe(true);
    expect(testPath(files, '/files')).toBe(false);
    expect(testPath(files, '/files/a//b')).toBe(false);
  });

  it('after an escaped "?" the query part starts with "&"', () => {
    const template = '/users/:login/events/public\\?per_page=50';
    expect(testKey('GET', '', template, 'GET /users/al/events/public?per_page=50&page=2')).toBe(true);
    expect(testKey('GET', '', template, 'GET /users/al/events/public?per_page=50')).toBe(true);
    expect(testKey('GET', '', template, 'GET /users/al/events/public?page=2')).toBe(false);
    expect(testPath(compilePath('/posts/:id'), '/posts/5&page=2')).toBe(true); // "&" is an ordinary character here
    expect(compilePath('/posts/:id').matchUrl('/posts/5&page=2')).toEqual({ params: { id: '5&page=2' }, search: undefined });
  });

  it('the URL of an optional literal query, when the group is omitted, continues with "?"', () => {
    const c = compilePath('/a{\\?x=:x}');
    expect(c.matchUrl('/a?page=2')).toEqual({ params: {}, search: 'page=2' });
    expect(c.matchUrl('/a?x=1&page=2')).toEqual({ params: { x: '1' }, search: 'page=2' });
  });
});

describe('matchPath rebuilds the path parameters of a URL', () => {
  it('parameters decoded with decodeURIComponent, wildcards as arrays, absent optional ones left out', () => {
    expect(compilePath('/:group/posts/:id').matchPath('/react/posts/a%2Fb')).toEqual({ group: 'react', id: 'a/b' });
    expect(compilePath('/files/*path').matchPath('/files/a/b%20c/d%2Fe')).toEqual({ path: ['a', 'b c', 'd/e'] });
    expect(compilePath('/users{/:id}{/:group}').matchPath('/users/5')).toEqual({ id: '5' });
    expect(compilePath('/:id.json').matchPath('/a.json.json')).toEqual({ id: 'a.json' });
    expect(compilePath('/:a').matchPath('/%E0%A4%A')).toEqual({ a: '%E0%A4%A' }); // malformed: kept as written
    expect(compilePath('/:a').matchPath('/x?y')).toBeUndefined();
  });

  it('matchUrl splits off the query part', () => {
    expect(compilePath('/:group/posts').matchUrl('/react/posts?author=ann&page=2')).toEqual({
      params: { group: 'react' },
      search: 'author=ann&page=2',
    });
    expect(compilePath('/:group/posts').matchUrl('/react/posts')).toEqual({ params: { group: 'react' }, search: undefined });
    expect(compilePath('/:group/posts').matchUrl('/react/post?x')).toBeUndefined();
  });

  it('hostile parameter names stay own properties', () => {
    const params = compilePath('/:__proto__/:constructor').matchPath('/a/b')!;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor']);
    expect(compilePath('/:__proto__').fill(params, 'x')).toBe('/a');
  });
});

describe('the list template drops the last parameter and what belongs to it', () => {
  it.each([
    ['/:group/posts/:id', '/:group/posts'],
    ['/:first/:second', '/:first'],
    ['/:first', '/'],
    ['/posts/:id?', '/posts'],
    ['/users{/:id}', '/users'],
    ['/users/:id.json', '/users'],
    ['/users/:id/details', '/users'],
    ['/repos/:owner/*path', '/repos/:owner'],
    ['https\\://api.example.com/users/:id', 'https\\://api.example.com/users'],
  ])('%s → %s', (item, list) => {
    expect(compilePath(item).listTemplate()).toBe(list);
  });

  it('the cut is at the outermost group holding the last parameter, else at the last unescaped "/"', () => {
    expect(compilePath('/a{/b{/:c}}').listTemplate()).toBe('/a');
    expect(compilePath('/a\\/:id').listTemplate()).toBe('/');
    expect(compilePath(':id').listTemplate()).toBe('/');
    expect(compilePath('/a/b:id').listTemplate()).toBe('/a');
    // a "/" inside an earlier, closed group: cutting there would unbalance the braces
    expect(compilePath('/a{/b}:c').listTemplate()).toBe('/a');
  });

  it('a template without parameters has no list template', () => {
    expect(() => compilePath('/todos').listTemplate()).toThrow(new Error('createResource: path "/todos" needs at least one parameter, e.g. "/todos/:id"'));
  });
});

describe('the parameter a template ends with (an item URL names its entity by it)', () => {
  it.each([
    ['/articles/:slug', 'slug'],
    ['/articles/:slug/', 'slug'],
    ['/repos/:owner/:repo/labels/:name', 'name'],
    ['/users{/:id}', 'id'],
    ['/a{/b{/:c}}', 'c'],
    ['/posts/:id?', 'id'],
    ['/users/:id/profile', undefined],
    ['/users/:id.json', undefined],
    ['/repos/:owner/*path', undefined],
    ['/todos', undefined],
  ])('%s → %s', (template, name) => {
    expect(compilePath(template).lastParam?.name).toBe(name);
  });
});
