/** The generator's internal model: what it reads from a description, independent of its version. */

/** A JSON Schema object as found in a description; read loosely, every field is optional. */
export type JsonSchema = { readonly [key: string]: any };

/** One parameter of an operation (path, query, header or cookie). */
export interface Param {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly description?: string;
}

/** One request body: its JSON schema, or `form` for multipart / urlencoded bodies. */
export interface RequestBody {
  readonly schema?: JsonSchema;
  readonly form: boolean;
  readonly required: boolean;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One operation of the description, with references to parameters and bodies followed. */
export interface Operation {
  /** JSON pointer of the operation, for messages: `#/paths/~1pets/get`. */
  readonly pointer: string;
  readonly path: string;
  readonly method: Method;
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly tags: readonly string[];
  readonly pathParams: readonly Param[];
  readonly queryParams: readonly Param[];
  readonly headerParams: readonly Param[];
  readonly cookieParams: readonly Param[];
  readonly body?: RequestBody;
  /**
   * The security requirement: alternatives, each naming the schemes it needs together (`[]`: no
   * credentials needed); `undefined` when neither the operation nor the document has one.
   */
  readonly security?: readonly (readonly string[])[];
  /** The JSON schema of the first 2xx response, `undefined` when it has no JSON body. */
  readonly response?: JsonSchema;
  /** The JSON bodies of the 4xx, 5xx and `default` responses, by status as written. */
  readonly errors: readonly { readonly status: string; readonly schema: JsonSchema }[];
}

/** A description reduced to what the generator maps. */
export interface Api {
  readonly title: string;
  /** The document, for following `$ref`s. */
  readonly doc: JsonSchema;
  /** Where component schemas live: `#/components/schemas/` (3.x) or `#/definitions/` (2.0). */
  readonly refPrefix: string;
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  readonly operations: readonly Operation[];
  /** The first server's URL (3.x) or scheme + host + basePath (2.0), '' when none. */
  readonly serverUrl: string;
}
