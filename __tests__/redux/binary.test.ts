import { Entity, RestEndpoint, createResource, normalize } from 'rtk-rest';
import { A, fetchAnswered, net, outcome, rawSlice, setup, sliceOf, useTestEnvironment } from './support';

// Redux state is plain JSON. An answer whose content JSON cannot carry (a Blob, an
// ArrayBuffer, a typed array, a Map…) used to be written as `{}` (or as index keys) without a
// word; it must be refused with an error naming the endpoint and the fix, and nothing stored may
// be lost.

useTestEnvironment();

const FILE_URL = `${A}/files/1`;
const FILE_KEY = `GET ${FILE_URL}`;

function binary(bytes: number[], contentType = 'application/octet-stream'): Response {
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } });
}

describe('a binary answer through the store', () => {
  const download = new RestEndpoint({ path: '/files/:id', urlPrefix: A, name: 'File.download' });

  it('called directly, the endpoint resolves to the Blob', async () => {
    const promise = download({ id: 1 });
    (await net.nth(1)).respond(binary([1, 2, 3]));
    const blob = (await promise) as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('rest.fetch rejects with an error naming the endpoint, the key and both fixes; the key stores it, no data', async () => {
    const { rest, store, types } = setup();
    const promise = store.dispatch(rest.fetch(download, { id: 1 }));
    (await net.nth(1)).respond(binary([1, 2, 3]));
    const result = await outcome(promise);
    expect(result.ok).toBe(false);
    const error = (result as { error: Error & { status: number } }).error;
    expect(error.status).toBe(400);
    expect(error.message).toContain(FILE_KEY);
    expect(error.message).toContain('File.download');
    expect(error.message).toContain('a Blob');
    expect(error.message).toMatch(/plain JSON/);
    expect(error.message).toMatch(/call the endpoint directly/i);
    expect(error.message).toContain('parseResponse');
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/rejected']);
    const slice = sliceOf(rest, store.getState());
    expect(slice.endpoints).toEqual({});
    expect(slice.meta[FILE_KEY].error).toMatchObject({ name: 'Error', status: 400, message: error.message });
    expect(rest.selectResponse(store.getState(), download, { id: 1 })).toMatchObject({ data: undefined, status: 'rejected' });
  });

  it('a later binary answer leaves the stored data of the key as it was', async () => {
    const { rest, store } = setup();
    const getFile = new RestEndpoint({ path: '/files/:id', urlPrefix: A });
    await fetchAnswered(store, rest.fetch(getFile, { id: 1 }), { name: 'a.txt' }, 1040);
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(getFile, { id: 1 }));
    (await net.nth(2)).respond(binary([9]));
    expect((await outcome(promise)).ok).toBe(false);
    const after = rawSlice(rest, store.getState());
    expect(after.endpoints).toBe(before.endpoints);
    expect(rest.selectData(store.getState(), getFile, { id: 1 })).toEqual({ name: 'a.txt' });
  });

  it.each([
    ['an ArrayBuffer', (r: Response) => r.arrayBuffer(), 'an ArrayBuffer'],
    ['a Uint8Array', async (r: Response) => new Uint8Array(await r.arrayBuffer()), 'a Uint8Array'],
    ['a DataView', async (r: Response) => new DataView(await r.arrayBuffer()), 'a DataView'],
    ['a Map', async () => new Map([['a', 1]]), 'a Map'],
    ['a Set', async () => new Set([1]), 'a Set'],
    ['FormData', async () => new FormData(), 'a FormData'],
    ['a ReadableStream', async (r: Response) => r.body, 'a ReadableStream'],
    ['a Blob nested in an object', async (r: Response) => ({ name: 'a', files: [await r.blob()] }), 'the value at .files[0] is a Blob'],
  ])('a parseResponse that returns %s is refused through the store', async (_label, parse, named) => {
    const { rest, store } = setup();
    const raw = new RestEndpoint({ path: '/files/:id', urlPrefix: A, parseResponse: parse as (r: Response) => Promise<any> });
    const promise = store.dispatch(rest.fetch(raw, { id: 1 }));
    (await net.nth(1)).respond(binary([1, 2]));
    const error = ((await outcome(promise)) as { error: Error }).error;
    expect(error.message).toContain(named);
    expect(error.message).toContain(FILE_KEY);
    expect(sliceOf(rest, store.getState()).endpoints).toEqual({});
  });

  it('setResponse with a Blob throws the same error and writes nothing', () => {
    const { rest, store } = setup();
    const before = store.getState();
    expect(() => store.dispatch(rest.setResponse(download, { id: 1 }, new Blob(['x'])))).toThrow(/File\.download.*a Blob/s);
    expect(store.getState()).toBe(before);
  });

  it('text, JSON, Dates and class instances with own fields are still stored', async () => {
    const { rest, store } = setup();
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    const raw = new RestEndpoint({
      path: '/files/:id',
      urlPrefix: A,
      process: (value: string) => ({ value, at: new Date(0), point: new Point(1, 2), boxed: [Object('s'), Object(2), Object(true)] }),
    });
    const promise = store.dispatch(rest.fetch(raw, { id: 1 }));
    (await net.nth(1)).respond(new Response('hello', { headers: { 'content-type': 'text/plain' } }));
    await promise;
    expect(sliceOf(rest, store.getState()).endpoints[FILE_KEY]).toStrictEqual({
      value: 'hello',
      at: '1970-01-01T00:00:00.000Z',
      point: { x: 1, y: 2 },
      boxed: ['s', 2, true],
    });
  });
});

describe('binary values inside entities are refused, not stored as {}', () => {
  class Attachment extends Entity {
    id = 0;
    data: unknown = null;
    pk() {
      return `${this.id}`;
    }
    static override key = 'BinaryAttachment';
  }

  it('normalize() names the entity and the field', () => {
    expect(() => normalize(Attachment, { id: 1, data: new Blob(['x']) })).toThrow(/BinaryAttachment "1".*\.data is a Blob/s);
    expect(() => normalize(Attachment, { id: 1, data: { bytes: new Uint8Array([1]) } })).toThrow(/\.data\.bytes is a Uint8Array/);
  });

  it('a store fetch of such an entity rejects with a processing error and writes no entity', async () => {
    const { rest, store } = setup();
    const AttachmentResource = createResource({
      path: '/attachments/:id',
      urlPrefix: A,
      schema: Attachment,
    }).extend({ get: { process: (value: { id: number }) => ({ ...value, data: new Map([['k', 1]]) }) } });
    const promise = store.dispatch(rest.fetch(AttachmentResource.get, { id: 1 }));
    (await net.nth(1)).reply({ id: 1 });
    const error = ((await outcome(promise)) as { error: Error & { status: number } }).error;
    expect(error.status).toBe(400);
    expect(error.message).toContain(`GET ${A}/attachments/1`);
    expect(error.message).toMatch(/\.data is a Map/);
    expect(sliceOf(rest, store.getState()).entities).toEqual({});
  });
});
