/**
 * Security schemes → the generated `Auth` credentials, `setAuth`, and `secured(...)`: the options
 * that make an endpoint send the credentials its operation requires.
 */
import { pointerKey, type Warnings } from './errors';
import { propertyKey, tsdoc } from './names';
import type { JsonSchema } from './types';

/** A scheme the generated code can send: a token, a user and password, or an API key. */
export interface Scheme {
  readonly name: string;
  /** `bearer`: `Authorization: Bearer <token>` (http bearer, oauth2, openIdConnect); `basic`: user and password. */
  readonly kind: 'bearer' | 'basic' | 'apiKey';
  /** Where an API key goes, and under which name. */
  readonly in: 'header' | 'query' | 'cookie';
  readonly param: string;
  readonly description?: string;
}

/** The schemes of `components.securitySchemes` (3.x) or `securityDefinitions` (2.0) that map; a warning for each other one. */
export function readSchemes(doc: JsonSchema, warnings: Warnings): Map<string, Scheme> {
  const v2 = doc.swagger === '2.0';
  const where = v2 ? '#/securityDefinitions/' : '#/components/securitySchemes/';
  const schemes = new Map<string, Scheme>();
  for (const [name, raw] of Object.entries<JsonSchema>((v2 ? doc.securityDefinitions : doc.components?.securitySchemes) ?? {})) {
    const scheme = schemeOf(name, raw ?? {});
    if (scheme) schemes.set(name, scheme);
    else warnings.add(`${where}${pointerKey(name)}`, 'security scheme not mapped', `${name} (${raw?.type} ${raw?.scheme ?? ''}) is not sent: add it in getHeaders`.replace(' )', ')'));
  }
  return schemes;
}

function schemeOf(name: string, raw: JsonSchema): Scheme | undefined {
  const base = { name, description: raw.description as string | undefined, in: 'header' as const, param: 'Authorization' };
  const http = String(raw.scheme ?? '').toLowerCase();
  if (raw.type === 'basic' || (raw.type === 'http' && http === 'basic')) return { ...base, kind: 'basic' };
  // OAuth 2 and OpenID Connect end in a bearer token; getting it (the flow) is the app's part.
  if ((raw.type === 'http' && http === 'bearer') || raw.type === 'oauth2' || raw.type === 'openIdConnect') return { ...base, kind: 'bearer' };
  if (raw.type === 'apiKey' && ['header', 'query', 'cookie'].includes(raw.in) && typeof raw.name === 'string') return { ...base, kind: 'apiKey', in: raw.in, param: raw.name };
  return undefined;
}

/**
 * The alternatives of a requirement that use mapped schemes only; `undefined` when none needs
 * credentials we can send. The empty alternative (`{}`: no credentials) goes last, as the one
 * taken when no credentials are set: a token that is set is sent, so an answer that depends on
 * who asks (`favorited`) is the signed-in user's.
 */
export function mappedRequirement(security: readonly (readonly string[])[] | undefined, schemes: Map<string, Scheme>): (readonly string[])[] | undefined {
  if (!security || security.length === 0) return undefined;
  const mapped = security.filter((names) => names.every((n) => schemes.has(n)));
  if (mapped.length === 0 || mapped.every((names) => names.length === 0)) return undefined;
  return [...mapped.filter((names) => names.length > 0), ...(mapped.some((names) => names.length === 0) ? [[]] : [])];
}

/** Prose that says an operation works with or without credentials: "Auth is optional", "optional authentication". */
const OPTIONAL_AUTH = /\bauth(?:entication|orization)?\b[^.]{0,20}\boptional\b|\boptional(?:ly)?\s+auth/i;

/**
 * The requirement an operation is generated with: its own, or, where it needs no credentials and
 * its summary or description says auth is optional (or `whenSet`, the `authWhenSet` option, is
 * on), every scheme as an alternative to none: the credentials are sent whenever they are set.
 */
export function securityWhenSet(op: { security?: readonly (readonly string[])[]; summary?: string; description?: string }, schemes: Map<string, Scheme>, whenSet: boolean): readonly (readonly string[])[] | undefined {
  const required = op.security?.some((names) => names.length > 0) === true;
  if (required || !(whenSet || OPTIONAL_AUTH.test(`${op.summary ?? ''}\n${op.description ?? ''}`))) return op.security;
  return [...[...schemes.keys()].map((name) => [name]), []];
}

/** `...secured(['bearer'], [])` for an operation's options. */
export function securedOption(requirement: readonly (readonly string[])[]): string {
  return `...secured(${requirement.map((names) => JSON.stringify(names)).join(', ')})`;
}

function authField(scheme: Scheme): string {
  const how =
    scheme.kind === 'bearer'
      ? `sent as \`Authorization: Bearer <token>\``
      : scheme.kind === 'basic'
        ? 'sent as `Authorization: Basic <base64 of username:password>`'
        : `an API key, sent in the ${scheme.in} \`${scheme.param}\``;
  const type = scheme.kind === 'basic' ? '{ username: string; password: string }' : 'string';
  return `${tsdoc(scheme.description, `${scheme.name}: ${how}.`)}${propertyKey(scheme.name)}?: ${type};`;
}

/** The credentials part of `server.ts`; `''` when the description has no scheme that maps. */
export function emitAuth(schemes: Map<string, Scheme>): string {
  if (schemes.size === 0) return '';
  const list = [...schemes.values()];
  const table = list.map((s) => `${propertyKey(s.name)}: { in: '${s.in}', name: ${JSON.stringify(s.param)}${s.kind === 'apiKey' ? '' : `, prefix: '${s.kind === 'bearer' ? 'Bearer' : 'Basic'}'`} },`);
  const basic = list.some((s) => s.kind === 'basic');
  const query = list.some((s) => s.in === 'query');
  return `${tsdoc('Credentials for the API\'s security schemes, sent with the operations that require them, and when set with those whose auth is optional. Set them with `setAuth`: they are read at every request and never reach the store.')}export interface Auth {
${list.map(authField).join('\n')}
}

let credentials: Auth = {};

${tsdoc('Sets the credentials requests send, replacing those set before (`setAuth({})` signs out).', '@example\nsetAuth({ ' + `${propertyKey(list[0]!.name)}: ${list[0]!.kind === 'basic' ? "{ username: 'ann', password }" : 'token'}` + ' });')}export function setAuth(auth: Auth): void {
  credentials = auth;
}

type Scheme = keyof Auth;

/** Where each scheme's credential goes. */
const SCHEMES: Record<Scheme, { in: 'header' | 'query' | 'cookie'; name: string; prefix?: string }> = {
${table.join('\n')}
};

/** The credentials of the first alternative whose schemes are all set (an empty alternative needs none). */
function chosen(alternatives: readonly (readonly Scheme[])[]): [Scheme, string][] {
  const alternative = alternatives.find((schemes) => schemes.every((s) => credentials[s] !== undefined)) ?? [];
  return alternative.map((s): [Scheme, string] => [s, ${basic ? 'credentialOf(s)' : 'String(credentials[s])'}]);
}
${
  basic
    ? `
function credentialOf(scheme: Scheme): string {
  const value = credentials[scheme];
  return typeof value === 'object' ? btoa(\`\${value.username}:\${value.password}\`) : String(value);
}
`
    : ''
}
${tsdoc(
  'The options that make an endpoint send the credentials its operation requires: those of the first alternative whose credentials are set. Header and cookie credentials are added in `getHeaders`' +
    (query ? ', query ones when the request is sent (so that they stay out of the keys in the store).' : '.'),
)}export function secured(...alternatives: (readonly Scheme[])[]) {
  return {
    getHeaders(headers: Record<string, string>): Record<string, string> {
      const out = { ...headers };
      const cookies: string[] = [];
      for (const [scheme, value] of chosen(alternatives)) {
        const { in: where, name, prefix } = SCHEMES[scheme];
        if (where === 'header') out[name] = prefix ? \`\${prefix} \${value}\` : value;
        else if (where === 'cookie') cookies.push(\`\${name}=\${encodeURIComponent(value)}\`);
      }
      if (cookies.length > 0) out.Cookie = [out.Cookie, ...cookies].filter(Boolean).join('; ');
      return out;
    },${
      query
        ? `
    fetchResponse(this: RestEndpoint, input: RequestInfo, init: RequestInit): Promise<Response> {
      let url = String(input);
      for (const [scheme, value] of chosen(alternatives)) {
        const { in: where, name } = SCHEMES[scheme];
        if (where === 'query') url += \`\${url.includes('?') ? '&' : '?'}\${encodeURIComponent(name)}=\${encodeURIComponent(value)}\`;
      }
      return RestEndpoint.prototype.fetchResponse.call(this, url, init);
    },`
        : ''
    }
  };
}`;
}
