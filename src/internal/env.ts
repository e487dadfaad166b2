/**
 * Development mode, read once at module load (STYLE.md habit 9). Bundlers replace
 * `process.env.NODE_ENV` with a literal; where `process` does not exist at all the access throws,
 * which we treat as development.
 */
// Declared here so that the library needs no Node type definitions.
declare const process: { env: Record<string, string | undefined> };

function readNodeEnv(): string | undefined {
  try {
    return process.env.NODE_ENV;
  } catch {
    return undefined;
  }
}

export const isDev: boolean = readNodeEnv() !== 'production';
