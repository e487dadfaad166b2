/**
 * URL parameter types inferred from a literal path template (see docs/concepts.md#endpoints).
 *
 * The template is read one character at a time, the way `parsePath` in `path.ts` reads it:
 *   `\c`       an escaped character: skipped
 *   `{` / `}`  open / close an optional group (tracked as a depth counter)
 *   `:name`    a parameter; the name is ASCII letters, digits, `_`, `$` and ends at any other character
 *   `:"text"`  a parameter with any name (`\` escapes inside the quotes)
 *   `*name`    a wildcard (`*"text"` too)
 *   `?` right after a name marks it optional
 * Every parameter found becomes a `Found` record; `PathParams` then turns the union of records
 * into an object type. Each step is a tail call, so templates of several hundred characters work.
 */

type LowerLetter =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** Characters that may start a parameter name (see docs/concepts.md#endpoints). */
type NameStart = LowerLetter | Uppercase<LowerLetter> | '_' | '$';
/** Characters that may continue a parameter name. */
type NameChar = NameStart | Digit;

/** One parameter of a template. */
interface Found<TName extends string, TWildcard extends boolean, TOptional extends boolean> {
  name: TName;
  wildcard: TWildcard;
  optional: TOptional;
}
type AnyFound = Found<string, boolean, boolean>;

/** `[name, rest]`: an unquoted name read from the start of `S`. */
type ReadName<S extends string, TName extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? ReadName<Rest, `${TName}${C}`>
    : [TName, S]
  : [TName, S];

/** `[name, rest]`: a quoted name whose opening `"` is already consumed. */
type ReadQuoted<S extends string, TName extends string = ''> = S extends `"${infer Rest}`
  ? [TName, Rest]
  : S extends `\\${infer C}${infer Rest}`
    ? ReadQuoted<Rest, `${TName}${C}`>
    : S extends `${infer C}${infer Rest}`
      ? ReadQuoted<Rest, `${TName}${C}`>
      : [TName, '']; // unterminated quote: the runtime throws (see docs/concepts.md#endpoints)

/** `[name, rest]` after a `:` or `*`. */
type ReadParamName<S extends string> = S extends `"${infer Rest}`
  ? ReadQuoted<Rest>
  : S extends `${NameStart}${string}`
    ? ReadName<S>
    : ['', S]; // no name: the runtime throws (see docs/concepts.md#endpoints)

/** Drops the first character (the one after a `\`). */
type DropFirst<S extends string> = S extends `${string}${infer Rest}` ? Rest : '';

/** Records the parameter after a `:` or `*` (in `S`) and scans on. */
type ScanParam<S extends string, TWildcard extends boolean, TDepth extends unknown[], TFound extends AnyFound> =
  ReadParamName<S> extends [infer Name extends string, infer Rest extends string]
    ? Name extends ''
      ? Scan<Rest, TDepth, TFound>
      : Rest extends `?${infer After}`
        ? Scan<After, TDepth, TFound | Found<Name, TWildcard, true>>
        : Scan<Rest, TDepth, TFound | Found<Name, TWildcard, TDepth extends [] ? false : true>>
    : never;

/** Scans the template `S`; `TDepth` has one element per open `{`; `TFound` collects parameters. */
type Scan<S extends string, TDepth extends unknown[] = [], TFound extends AnyFound = never> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Scan<DropFirst<Rest>, TDepth, TFound>
    : C extends '{'
      ? Scan<Rest, [...TDepth, C], TFound>
      : C extends '}'
        ? Scan<Rest, TDepth extends [unknown, ...infer Outer] ? Outer : [], TFound>
        : C extends ':' | '*'
          ? ScanParam<Rest, C extends '*' ? true : false, TDepth, TFound>
          : Scan<Rest, TDepth, TFound>
  : TFound;

/** The value type of one parameter: `string[]` for a wildcard, else `string | number` (see docs/concepts.md#endpoints). */
type ValueOf<F extends AnyFound> = F['wildcard'] extends true ? string[] : string | number;

/** Flattens an intersection so editors show one object type. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Required parameters as required keys; optional ones as `?:` keys that also accept `null` (see docs/concepts.md#endpoints). */
type ParamsObject<F extends AnyFound> = Simplify<
  { [P in F as P['optional'] extends true ? never : P['name']]: ValueOf<P> } & {
    [P in F as P['optional'] extends true ? P['name'] : never]?: ValueOf<P> | null;
  }
>;

/**
 * The URL parameters of a path template (see docs/concepts.md#endpoints).
 * @example PathParams<'/:group/posts/:id?'> // { group: string | number; id?: string | number | null }
 * @example PathParams<'/users'> // {}
 * @example PathParams<string> // Record<string, unknown> (a template only known at run time)
 */
export type PathParams<TPath extends string> = string extends TPath ? Record<string, unknown> : ParamsObject<Scan<TPath>>;

/** `true` when a URL parameter type (path parameters, possibly `& searchParams`) has any key. */
export type HasParams<TParams> = [keyof TParams] extends [never] ? false : true;

/**
 * The URL parameter argument of an endpoint as a tuple (see docs/concepts.md#endpoints): absent (`[]`) without any
 * parameter, optional when every parameter is optional, otherwise required.
 * @example ParamsArg<PathParams<'/users'>> // []
 * @example ParamsArg<PathParams<'/users{/:id}'>> // [urlParams?: { id?: string | number | null }]
 * @example ParamsArg<PathParams<'/users/:id'>> // [urlParams: { id: string | number }]
 */
export type ParamsArg<TParams> = HasParams<TParams> extends false
  ? []
  : // `{}` is assignable exactly when no key is required.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends TParams
    ? [urlParams?: TParams]
    : [urlParams: TParams];

/**
 * The list template of an item template (see docs/concepts.md#resources), cut where `listTemplateOf` in `path.ts` cuts:
 * at the start of the outermost `{…}` group holding the last parameter; otherwise at the last
 * unescaped `/` before it (a `/` inside an earlier group cuts before that whole group), or at the
 * parameter itself when no `/` precedes it. An empty result is `/`.
 * @example ListPath<'/:group/posts/:id'> // '/:group/posts'
 * @example ListPath<'/users{/:id}'> // '/users'
 * @example ListPath<'/:first'> // '/'
 */
export type ListPath<TPath extends string> = string extends TPath ? string : ListScan<TPath>;

/**
 * One character per step. `TRead` is the text read so far; `TDepth` has one element per open `{`;
 * `TGroup` is the text before the outermost open `{`; `TSlash` the cut at the latest `/`
 * (`null` before any); `TCut` the cut for the latest parameter.
 */
type ListScan<
  S extends string,
  TRead extends string = '',
  TDepth extends unknown[] = [],
  TGroup extends string = '',
  TSlash extends string | null = null,
  TCut extends string = '',
> = S extends `\\${infer C}${infer Rest}`
  ? ListScan<Rest, `${TRead}\\${C}`, TDepth, TGroup, TSlash, TCut>
  : S extends `{${infer Rest}`
    ? ListScan<Rest, `${TRead}{`, [...TDepth, 0], TDepth extends [] ? TRead : TGroup, TSlash, TCut>
    : S extends `}${infer Rest}`
      ? ListScan<Rest, `${TRead}}`, TDepth extends [unknown, ...infer Outer] ? Outer : [], TGroup, TSlash, TCut>
      : S extends `/${infer Rest}`
        ? ListScan<Rest, `${TRead}/`, TDepth, TGroup, TDepth extends [] ? TRead : TGroup, TCut>
        : S extends `${infer T extends ':' | '*'}${infer Rest}`
          ? ListScanParam<Rest, `${TRead}${T}`, TDepth, TGroup, TSlash, TDepth extends [] ? (TSlash extends string ? TSlash : TRead) : TGroup, TCut>
          : S extends `${infer C}${infer Rest}`
            ? ListScan<Rest, `${TRead}${C}`, TDepth, TGroup, TSlash, TCut>
            : TCut extends ''
              ? '/'
              : TCut;

/** After a `:` or `*`: a quoted name is read whole (it may hold `/` or `{`); a name makes `TParamCut` the cut. */
type ListScanParam<
  S extends string,
  TRead extends string,
  TDepth extends unknown[],
  TGroup extends string,
  TSlash extends string | null,
  TParamCut extends string,
  TCut extends string,
> = S extends `"${infer Rest}`
  ? ReadQuotedRaw<Rest> extends [infer Raw extends string, infer After extends string]
    ? ListScan<After, `${TRead}"${Raw}`, TDepth, TGroup, TSlash, TParamCut>
    : never
  : S extends `${NameStart}${string}`
    ? ListScan<S, TRead, TDepth, TGroup, TSlash, TParamCut>
    : ListScan<S, TRead, TDepth, TGroup, TSlash, TCut>; // no name: the runtime throws (see docs/concepts.md#endpoints)

/** `[raw, rest]`: a quoted name as written, closing `"` included, whose opening `"` is consumed. */
type ReadQuotedRaw<S extends string, TRaw extends string = ''> = S extends `"${infer Rest}`
  ? [`${TRaw}"`, Rest]
  : S extends `\\${infer C}${infer Rest}`
    ? ReadQuotedRaw<Rest, `${TRaw}\\${C}`>
    : S extends `${infer C}${infer Rest}`
      ? ReadQuotedRaw<Rest, `${TRaw}${C}`>
      : [TRaw, ''];
