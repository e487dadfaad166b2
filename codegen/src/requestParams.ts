/**
 * Header and cookie parameters: typed by the type-only endpoint options `headerParams` and
 * `cookieParams`, sent through the generated `withHeaders(endpoint, headers)` and
 * `withCookies(endpoint, cookies)`, which extend the endpoint with those request headers (an
 * endpoint's URL parameters become the URL, not headers).
 */

/** The helpers of `server.ts`, for the kinds of parameters the operations have. */
export function emitRequestParams(uses: { headers: boolean; cookies: boolean }): string {
  if (!uses.headers && !uses.cookies) return '';
  const parts = [
    `/** What an endpoint declares in its type-only option \`K\` (\`headerParams\`, \`cookieParams\`). */
type Declared<E, K extends string> = E extends RestEndpoint<infer O> ? (O extends { readonly [P in K]: infer T } ? T : never) : never;

type ParamValue = string | number | boolean | readonly (string | number | boolean)[] | null | undefined;

const lastSent = new WeakMap<RestEndpoint, { key: string; endpoint: RestEndpoint }>();

/** \`endpoint\` extended to send \`added\` over its own headers; the same endpoint again for the same \`added\`. */
function sending(endpoint: RestEndpoint, added: Record<string, string>): RestEndpoint {
  const key = JSON.stringify(added);
  const last = lastSent.get(endpoint);
  if (last?.key === key) return last.endpoint;
  const base = endpoint.requestInit ?? {};
  const headers = new Headers(base.headers);
  for (const [name, value] of Object.entries(added)) headers.set(name, value);
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => {
    plain[name] = value;
  });
  const extended = endpoint.extend({ requestInit: { ...base, headers: plain } });
  lastSent.set(endpoint, { key, endpoint: extended });
  return extended;
}

/** Parameter values as sent: arrays comma-separated (OpenAPI's \`simple\` style), \`null\` and \`undefined\` left out. */
function texts(values: object): [string, string][] {
  return Object.entries(values as Record<string, ParamValue>).flatMap(([name, value]): [string, string][] =>
    value === undefined || value === null ? [] : [[name, Array.isArray(value) ? value.join(',') : String(value)]],
  );
}`,
  ];
  if (uses.headers) {
    parts.push(`/**
 * \`endpoint\` sending the header parameters of its operation (typed by it). It returns the same
 * endpoint again for equal values, so it may be called while rendering.
 *
 * @example
 * const data = useSuspense(withHeaders(getReport, { 'X-Tenant': tenant }), { id });
 */
export function withHeaders<E extends RestEndpoint>(endpoint: E, headers: Declared<E, 'headerParams'>): E {
  return sending(endpoint, Object.fromEntries(texts(headers))) as E;
}`);
  }
  if (uses.cookies) {
    parts.push(`/**
 * \`endpoint\` sending the cookie parameters of its operation in a \`Cookie\` header (outside
 * browsers: a browser sends its own cookies, with \`credentials: 'include'\` across origins).
 */
export function withCookies<E extends RestEndpoint>(endpoint: E, cookies: Declared<E, 'cookieParams'>): E {
  const pairs = texts(cookies).map(([name, value]) => \`\${name}=\${encodeURIComponent(value)}\`);
  return sending(endpoint, pairs.length > 0 ? { Cookie: pairs.join('; ') } : {}) as E;
}`);
  }
  return parts.join('\n\n');
}
