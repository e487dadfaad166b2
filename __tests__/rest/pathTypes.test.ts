import { expectTypeOf } from 'expect-type';
import { compilePath } from '../../src/rest/path';
import type { HasParams, ParamsArg, PathParams } from '../../src/rest/pathTypes';

type Value = string | number;

/** The runtime view of a template, to check that names and optionality agree with the types. */
const runtime = (template: string) => compilePath(template).params.map((p) => [p.name, p.optional, p.wildcard]);

describe('parameters inferred from a literal template agree with the runtime', () => {
  it("'/:group/posts/:id' → { group; id }", () => {
    expectTypeOf<PathParams<'/:group/posts/:id'>>().toEqualTypeOf<{ group: Value; id: Value }>();
    expect(runtime('/:group/posts/:id')).toEqual([['group', false, false], ['id', false, false]]);
  });

  it("'/:group/posts/:id?' → id optional and nullable", () => {
    expectTypeOf<PathParams<'/:group/posts/:id?'>>().toEqualTypeOf<{ group: Value; id?: Value | null }>();
    expect(runtime('/:group/posts/:id?')).toEqual([['group', false, false], ['id', true, false]]);
  });

  it("'/users{/:id}{/:group}' → every parameter in a group is optional", () => {
    expectTypeOf<PathParams<'/users{/:id}{/:group}'>>().toEqualTypeOf<{ id?: Value | null; group?: Value | null }>();
    expectTypeOf<PathParams<'/a{/:x{/:y}}/:z'>>().toEqualTypeOf<{ x?: Value | null; y?: Value | null; z: Value }>();
    expect(runtime('/a{/:x{/:y}}/:z')).toEqual([['x', true, false], ['y', true, false], ['z', false, false]]);
  });

  it("'/files/*path' → { path: string[] }, and an optional wildcard", () => {
    expectTypeOf<PathParams<'/files/*path'>>().toEqualTypeOf<{ path: string[] }>();
    expectTypeOf<PathParams<'/files/*path?'>>().toEqualTypeOf<{ path?: string[] | null }>();
    expectTypeOf<PathParams<'/files{/*path}'>>().toEqualTypeOf<{ path?: string[] | null }>();
    expect(runtime('/files/*path?')).toEqual([['path', true, true]]);
  });

  it("'/:id.json' and '/:a-:b' → a name ends at any non-identifier character", () => {
    expectTypeOf<PathParams<'/:id.json'>>().toEqualTypeOf<{ id: Value }>();
    expectTypeOf<PathParams<'/:a-:b'>>().toEqualTypeOf<{ a: Value; b: Value }>();
    expectTypeOf<PathParams<'/:$a_1~:B2'>>().toEqualTypeOf<{ $a_1: Value; B2: Value }>();
    expectTypeOf<PathParams<'/:café'>>().toEqualTypeOf<{ caf: Value }>();
    expect(runtime('/:a-:b')).toEqual([['a', false, false], ['b', false, false]]);
    expect(runtime('/:café')).toEqual([['caf', false, false]]);
  });

  it('\'/:"post-id"\' → a quoted name, with escapes inside the quotes', () => {
    expectTypeOf<PathParams<'/:"post-id"'>>().toEqualTypeOf<{ 'post-id': Value }>();
    expectTypeOf<PathParams<'/:"a\\"b"/*"x y"?'>>().toEqualTypeOf<{ 'a"b': Value; 'x y'?: string[] | null }>();
    expect(runtime('/:"a\\"b"/*"x y"?')).toEqual([['a"b', false, false], ['x y', true, true]]);
  });

  it("'https\\\\://api.example.com/:id' → escaped characters are never parameters", () => {
    expectTypeOf<PathParams<'https\\://api.example.com/:id'>>().toEqualTypeOf<{ id: Value }>();
    expectTypeOf<PathParams<'https\\://api.example.com\\:8443/v1/:id'>>().toEqualTypeOf<{ id: Value }>();
    expectTypeOf<PathParams<'/a\\:b\\*c\\{/:id\\}'>>().toEqualTypeOf<{ id: Value }>();
    expectTypeOf<PathParams<'/users/:login/events/public\\?per_page=50'>>().toEqualTypeOf<{ login: Value }>();
    expect(runtime('/a\\:b\\*c\\{/:id\\}')).toEqual([['id', false, false]]);
  });

  it("'/users' → no parameters", () => {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is exactly the expected type
    expectTypeOf<PathParams<'/users'>>().toEqualTypeOf<{}>();
    expectTypeOf<HasParams<PathParams<'/users'>>>().toEqualTypeOf<false>();
    expect(runtime('/users')).toEqual([]);
  });

  it('a non-literal string → Record<string, unknown>', () => {
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, unknown>>();
    const template: string = '/:id';
    expect(runtime(template)).toEqual([['id', false, false]]);
  });

  it('wrong values are type errors', () => {
    const ok: PathParams<'/:group/posts/:id?'> = { group: 'react', id: null };
    // @ts-expect-error a required parameter is missing
    const missing: PathParams<'/:group/posts/:id'> = { group: 'react' };
    // @ts-expect-error a required parameter is not nullable
    const nullRequired: PathParams<'/:group/posts/:id'> = { group: 'react', id: null };
    // @ts-expect-error a wildcard takes an array
    const notArray: PathParams<'/files/*path'> = { path: 'a/b' };
    // @ts-expect-error booleans are not parameter values
    const bool: PathParams<'/:id'> = { id: true };
    expect([ok, missing, nullRequired, notArray, bool]).toHaveLength(5);
  });

  it('a long template stays within the type checker’s limits', () => {
    type Start = '/a/very/long/template/that/goes/on/and/on/:one/with/many/segments/in/it/:two/and/escapes\\:here';
    type Middle = '/and/{/groups/:three}/and/more/text/to/read/through/before/the/end/:four/and/yet/more/text';
    type Long = `${Start}${Middle}/to/push/the/length/beyond/two/hundred/characters/:five`;
    expectTypeOf<keyof PathParams<Long>>().toEqualTypeOf<'one' | 'two' | 'three' | 'four' | 'five'>();
    expect(runtime('/x'.repeat(300) + '/:id')).toEqual([['id', false, false]]);
  });
});

describe('the URL parameter argument is absent, optional or required', () => {
  it('no parameters → no argument', () => {
    expectTypeOf<ParamsArg<PathParams<'/users'>>>().toEqualTypeOf<[]>();
    expectTypeOf<HasParams<PathParams<'/users/:id'>>>().toEqualTypeOf<true>();
    expect(compilePath('/users').params).toHaveLength(0);
  });

  it('every parameter optional → an optional argument', () => {
    expectTypeOf<ParamsArg<PathParams<'/users{/:id}'>>>().toEqualTypeOf<[urlParams?: { id?: Value | null }]>();
    type Search = PathParams<'/users'> & { author?: string };
    expectTypeOf<ParamsArg<Search>>().toEqualTypeOf<[urlParams?: Search]>();
    expectTypeOf<ParamsArg<PathParams<string>>>().toEqualTypeOf<[urlParams?: Record<string, unknown>]>();
    expect(compilePath('/users{/:id}').params.every((p) => p.optional)).toBe(true);
  });

  it('a required parameter → a required argument; searchParams intersect into it', () => {
    type Args = ParamsArg<PathParams<'/:group/posts'> & { author?: string }>;
    expectTypeOf<Args>().toEqualTypeOf<[urlParams: { group: Value } & { author?: string }]>();
    const call = (...args: Args) => args[0];
    expect(call({ group: 'react', author: 'ann' })).toEqual({ group: 'react', author: 'ann' });
    // @ts-expect-error the argument is required
    expect(() => call()).not.toThrow();
  });
});
