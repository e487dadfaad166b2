/** Writes `server.ts`: the URL prefix, and the credentials and header helpers the operations use. */
import { tsdoc } from './names';
import { emitRequestParams } from './requestParams';
import { emitAuth, type Scheme } from './security';

export interface ServerUses {
  readonly urlPrefix: string;
  /** `setUrlPrefix` and a prefix function instead of a constant. */
  readonly runtime: boolean;
  readonly schemes: Map<string, Scheme>;
  readonly headers: boolean;
  readonly cookies: boolean;
}

/** The prefix: a constant, or (runtime) a function the endpoints call whenever they make a URL or key. */
function prefixCode(urlPrefix: string, runtime: boolean): string {
  if (!runtime) return `/** The URL every endpoint is prefixed with. */\nexport const urlPrefix = ${JSON.stringify(urlPrefix)};`;
  return `let prefix = ${JSON.stringify(urlPrefix)};

${tsdoc(`The URL every endpoint is prefixed with, read whenever one makes a URL or a key: \`${urlPrefix}\` until \`setUrlPrefix\` sets another.`)}export const urlPrefix = (): string => prefix;

${tsdoc('Sets the URL every endpoint is prefixed with (another server per environment, the API root of a tenant). Stored results keep the keys they were made with.', "@example\nsetUrlPrefix(import.meta.env.VITE_API_URL);")}export function setUrlPrefix(url: string): void {
  prefix = url;
}`;
}

export function emitServer({ urlPrefix, runtime, schemes, headers, cookies }: ServerUses): string {
  const auth = emitAuth(schemes);
  const params = emitRequestParams({ headers, cookies });
  // `secured` calls RestEndpoint's own fetchResponse for query credentials; the header helpers only name its type.
  const value = [...schemes.values()].some((s) => s.in === 'query');
  const imports = value ? "import { RestEndpoint } from 'rtk-rest';" : params ? "import type { RestEndpoint } from 'rtk-rest';" : '';
  return [imports, prefixCode(urlPrefix, runtime), auth, params].filter(Boolean).join('\n\n') + '\n';
}
