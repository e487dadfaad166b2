/** Writes `server.ts`: the URL prefix, and the credentials and header helpers the operations use. */
import { emitRequestParams } from './requestParams';
import { emitAuth, type Scheme } from './security';

export interface ServerUses {
  readonly urlPrefix: string;
  readonly schemes: Map<string, Scheme>;
  readonly headers: boolean;
  readonly cookies: boolean;
}

export function emitServer({ urlPrefix, schemes, headers, cookies }: ServerUses): string {
  const auth = emitAuth(schemes);
  const params = emitRequestParams({ headers, cookies });
  // `secured` calls RestEndpoint's own fetchResponse for query credentials; the header helpers only name its type.
  const value = [...schemes.values()].some((s) => s.in === 'query');
  const imports = value ? "import { RestEndpoint } from 'rtk-rest';" : params ? "import type { RestEndpoint } from 'rtk-rest';" : '';
  return [imports, `/** The URL every endpoint is prefixed with. */\nexport const urlPrefix = ${JSON.stringify(urlPrefix)};`, auth, params].filter(Boolean).join('\n\n') + '\n';
}
