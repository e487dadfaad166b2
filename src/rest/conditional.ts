import { headersToObject } from './request';

/** What a stored answer's `ETag` / `Last-Modified` let a refetch ask. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** The request with `If-None-Match` / `If-Modified-Since` added (the caller's own headers win). */
export function withValidators(init: RequestInit, { etag, lastModified }: Validators): RequestInit {
  const headers = headersToObject(init.headers);
  const has = (name: string) => Object.keys(headers).some((given) => given.toLowerCase() === name);
  if (etag !== undefined && !has('if-none-match')) headers['If-None-Match'] = etag;
  if (lastModified !== undefined && !has('if-modified-since')) headers['If-Modified-Since'] = lastModified;
  return { ...init, headers };
}

/** The validators a response came with. */
export function validatorsOf(response: Response): Validators {
  const found: Validators = {};
  const etag = response.headers?.get('etag');
  const lastModified = response.headers?.get('last-modified');
  if (etag) found.etag = etag;
  if (lastModified) found.lastModified = lastModified;
  return found;
}

/** Whether a failure is a 304 (the default `fetchResponse` rejects every non-2xx answer). */
export function isNotModified(error: unknown): error is { status: 304; response?: Response } {
  return (error as { status?: unknown } | null)?.status === 304;
}
