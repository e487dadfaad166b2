/** Turning names from a description into TypeScript identifiers, keys and path templates. */

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'as implements interface let package private protected public static yield any boolean number string symbol ' +
    'unknown never object undefined type keyof readonly declare abstract async await of satisfies is infer'
  ).split(' '),
);

/**
 * Names the generated modules use themselves or that shadow globals they need: a component
 * called `Date` or `schema` would break the code that refers to those.
 */
const TAKEN = new Set(['Date', 'Entity', 'schema', 'RestEndpoint', 'createResource', 'Record', 'Partial', 'Array', 'Object', 'Promise', 'FormData', 'urlPrefix', 'Error', 'String', 'Number', 'Boolean', 'Map', 'Set']);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `simple-user` → `SimpleUser`; a leading digit gets a `_`. */
export function pascalCase(text: string): string {
  const name = words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[0-9]/.test(name) ? `_${name}` : name || '_';
}

/** `list-pets` → `listPets`; a reserved word gets a `_` suffix. */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  const name = pascal.startsWith('_') ? pascal : pascal[0]!.toLowerCase() + pascal.slice(1);
  return RESERVED.has(name) ? `${name}_` : name;
}

/** A property key as written in an object type or literal: bare when it is an identifier. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** Hands out unique top-level names: a second `Pet` becomes `Pet2`. */
export class NameRegistry {
  private readonly used = new Set<string>([...RESERVED, ...TAKEN]);

  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.used.has(name); n++) name = `${wanted}${n}`;
    this.used.add(name);
    return name;
  }
}

const PATH_SPECIAL = /[\\:*{}()?+![\]]/g;

/**
 * An OpenAPI path (`/pets/{pet-id}`) as an rtk-rest template (`/pets/:petId`): characters the
 * template language reads are escaped, and parameter names become identifiers. Returns the
 * template and, per OpenAPI name, the name the generated code uses. `lastName` renames a final
 * parameter (a resource's item parameter takes its Entity's pk field name).
 */
export function pathTemplate(path: string, lastName?: string): { template: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const used = new Set<string>();
  let template = '';
  const parts = path.split(/\{([^}]*)\}/);
  for (const [index, part] of parts.entries()) {
    if (index % 2 === 0) {
      template += part.replace(PATH_SPECIAL, (c) => `\\${c}`);
      continue;
    }
    const isLast = index === parts.length - 2 && parts[index + 1] === '';
    let name = isLast && lastName ? lastName : IDENTIFIER.test(part) ? part : camelCase(part);
    for (let n = 2; used.has(name); n++) name = `${name}${n}`;
    used.add(name);
    params.set(part, name);
    template += `:${name}`;
  }
  return { template, params };
}

/** TSDoc from a summary and a description; `*\/` cannot end the comment early. */
export function tsdoc(...texts: (string | undefined)[]): string {
  const body = texts
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    .filter((t, i, all) => all.indexOf(t) === i)
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .trim();
  if (!body) return '';
  return `/**\n${body
    .split('\n')
    .map((line) => ` * ${line}`.trimEnd())
    .join('\n')}\n */\n`;
}
