import type { Handler, Request } from 'json-server';
import { HttpError } from './http';

const LIMIT_BYTES = 1024 * 1024;

/** The boundary of a multipart/form-data content type, or undefined for any other type. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The text fields of a multipart/form-data body; file parts are skipped. */
export function parseMultipart(body: string, boundary: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const head = part.slice(0, headerEnd);
    const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined || /;\s*filename\*?=/i.test(disposition)) continue;
    fields[name] = part.slice(headerEnd + 4).replace(/\r\n$/, '');
  }
  return fields;
}

function readBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMIT_BYTES) reject(new HttpError(413, 'The form is too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses multipart/form-data bodies (what a browser sends for FormData) into `req.body`. */
export const multipartForm: Handler = (req, _res, next) => {
  const boundary = boundaryOf(req.get('content-type'));
  if (boundary === undefined) return next();
  readBody(req).then((body) => {
    req.body = parseMultipart(body.toString('utf8'), boundary);
    next();
  }, next);
};
