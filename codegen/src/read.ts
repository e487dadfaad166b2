/** Reduces an OpenAPI 3.x or Swagger 2.0 document to the generator's model (`Api`). */
import { pointerKey, type Warnings } from './errors';
import type { Api, JsonSchema, Method, Operation, Param, RequestBody } from './types';

const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];
/** Header parameters OpenAPI says to ignore: the request's own body, answer and credentials set them. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const JSON_TYPE = /^application\/(.+\+)?json|^\*\/\*$/;

/** Follows a local `$ref` (`#/components/parameters/limit`); other objects are returned as they are. */
export function follow(doc: JsonSchema, value: JsonSchema | undefined, seen = 0): JsonSchema | undefined {
  if (!value || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/') || seen > 20) return value;
  let target: any = doc;
  for (const part of value.$ref.slice(2).split('/')) {
    target = target?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return follow(doc, target, seen + 1);
}

export function readApi(doc: JsonSchema, warnings: Warnings): Api {
  const v2 = doc.swagger === '2.0';
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries<JsonSchema>(doc.paths ?? {})) {
    const item = follow(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op) continue;
      const pointer = `#/paths/${pointerKey(path)}/${method}`;
      operations.push(readOperation(doc, v2, { path, method, pointer, op, shared: item.parameters ?? [] }, warnings));
    }
    for (const other of ['head', 'options', 'trace']) {
      if (item[other]) warnings.add(`#/paths/${pointerKey(path)}/${other}`, `${other.toUpperCase()} operation skipped`, `${other.toUpperCase()} ${path} is not generated`);
    }
  }
  return {
    title: doc.info?.title ?? 'API',
    doc,
    refPrefix: v2 ? '#/definitions/' : '#/components/schemas/',
    schemas: (v2 ? doc.definitions : doc.components?.schemas) ?? {},
    operations,
    serverUrl: v2 ? swaggerServer(doc) : openapiServer(doc),
  };
}

interface RawOperation {
  path: string;
  method: Method;
  pointer: string;
  op: JsonSchema;
  shared: JsonSchema[];
}

function readOperation(doc: JsonSchema, v2: boolean, raw: RawOperation, warnings: Warnings): Operation {
  const { op, pointer } = raw;
  // Operation parameters override path-level ones with the same name and location.
  const byKey = new Map<string, JsonSchema>();
  for (const p of [...raw.shared, ...(op.parameters ?? [])]) {
    const param = follow(doc, p);
    if (param) byKey.set(`${param.in}:${param.name}`, param);
  }
  const pathParams: Param[] = [];
  const queryParams: Param[] = [];
  const headerParams: Param[] = [];
  const cookieParams: Param[] = [];
  let body: RequestBody | undefined;
  const form: Record<string, JsonSchema> = {};
  for (const param of byKey.values()) {
    const schema: JsonSchema = v2 && param.in !== 'body' ? v2ParamSchema(param) : (param.schema ?? contentSchema(param.content) ?? {});
    const read: Param = { name: param.name, schema, required: param.in === 'path' || param.required === true, description: param.description };
    if (param.in === 'path') pathParams.push(read);
    else if (param.in === 'query') queryParams.push(read);
    else if (param.in === 'body') body = { schema: param.schema, form: false, required: param.required === true };
    else if (param.in === 'formData') form[param.name] = schema;
    else if (param.in === 'header' && !IGNORED_HEADERS.has(String(param.name).toLowerCase())) headerParams.push(read);
    else if (param.in === 'cookie') cookieParams.push(read);
    else if (param.in !== 'header') warnings.add(pointer, `${param.in} parameter not mapped`, `${param.in} parameter "${param.name}" is not generated: send it from getHeaders or requestInit`);
  }
  if (Object.keys(form).length > 0) body = { schema: { type: 'object', properties: form }, form: true, required: true };
  if (!v2 && op.requestBody) body = readBody(doc, op.requestBody);
  return {
    pointer,
    path: raw.path,
    method: raw.method,
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    deprecated: op.deprecated === true,
    tags: op.tags ?? [],
    pathParams,
    queryParams,
    headerParams,
    cookieParams,
    body,
    security: securityOf(op.security ?? doc.security),
    response: readResponse(doc, v2, op.responses ?? {}),
    errors: readErrors(doc, v2, op.responses ?? {}),
  };
}

function securityOf(requirement: unknown): Operation['security'] {
  if (!Array.isArray(requirement)) return undefined;
  return requirement.filter((r) => typeof r === 'object' && r !== null).map((r: object) => Object.keys(r));
}

function readBody(doc: JsonSchema, raw: JsonSchema): RequestBody | undefined {
  const body = follow(doc, raw);
  if (!body) return undefined;
  const content: JsonSchema = body.content ?? {};
  const required = body.required === true;
  const json = contentSchema(content);
  if (json) return { schema: json, form: false, required };
  const types = Object.keys(content);
  if (types.some((t) => t.startsWith('multipart/') || t === 'application/x-www-form-urlencoded')) return { form: true, required };
  return types.length > 0 ? { form: false, required } : undefined;
}

/** The schema of the first JSON media type of a `content` map. */
function contentSchema(content: JsonSchema | undefined): JsonSchema | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((t) => JSON_TYPE.test(t));
  return type === undefined ? undefined : (content[type]?.schema ?? {});
}

function readResponse(doc: JsonSchema, v2: boolean, responses: JsonSchema): JsonSchema | undefined {
  const code = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort()[0];
  return code === undefined ? undefined : bodyOf(doc, v2, responses[code]);
}

function readErrors(doc: JsonSchema, v2: boolean, responses: JsonSchema): Operation['errors'] {
  return Object.keys(responses)
    .filter((c) => /^[45](\d\d|XX)$/i.test(c) || c === 'default')
    .flatMap((status) => {
      const schema = bodyOf(doc, v2, responses[status]);
      return schema ? [{ status, schema }] : [];
    });
}

/** A response's JSON body schema (after following a `$ref` to `components/responses`). */
function bodyOf(doc: JsonSchema, v2: boolean, raw: JsonSchema | undefined): JsonSchema | undefined {
  const response = follow(doc, raw);
  return v2 ? response?.schema : contentSchema(response?.content);
}

/** Swagger 2.0 keeps a non-body parameter's type on the parameter itself. */
function v2ParamSchema(param: JsonSchema): JsonSchema {
  const { type, format, items, enum: values, default: fallback } = param;
  return { type, format, items, enum: values, default: fallback };
}

function openapiServer(doc: JsonSchema): string {
  const server = doc.servers?.[0];
  if (!server || typeof server.url !== 'string') return '';
  return server.url.replace(/\{([^}]+)\}/g, (whole: string, name: string) => {
    const fallback = server.variables?.[name]?.default;
    return fallback === undefined ? whole : String(fallback);
  });
}

function swaggerServer(doc: JsonSchema): string {
  const base = typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath : '';
  if (!doc.host) return base;
  const scheme = (doc.schemes as string[] | undefined)?.includes('https') ? 'https' : (doc.schemes?.[0] ?? 'https');
  return `${scheme}://${doc.host}${base}`;
}
