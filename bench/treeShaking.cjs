// What an app bundled from the built package holds beyond what it imports, and why. A bundler
// tree-shakes a dist/ chunk statement by statement: it drops a top-level declaration nothing
// uses, but keeps every statement that may have a side effect (a call, an assignment) and all
// the declarations that statement reaches. tsup writes each source module's code under a
// `// src/…` comment, so each statement of a chunk can be traced to the file it came from.
// Shared by `node bench/size.mjs --tree-shaking` and __tests__/architecture/schema-bundle.test.ts.
const { build } = require('esbuild');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const ts = require('typescript');

/** esbuild's helpers (`__export`, `__publicField`…) stand before the first module's comment. */
const HELPERS = '(esbuild helpers)';

/**
 * Whether `node` (an initializer) is free of side effects, read conservatively: esbuild knows
 * more (that reading `Object.prototype.hasOwnProperty` is safe, say), so a statement flagged here
 * may still be dropped. What the flagged statements really keep is `keptByEffects` below, which
 * esbuild computes.
 */
function pure(node, text) {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return pure(node.expression, text);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return /\/\*\s*[@#]__PURE__\s*\*\/\s*$/.test(text.slice(node.pos - 20, node.getStart()));
  if (ts.isIdentifier(node) || ts.isLiteralExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isVoidExpression(node) || ts.isPrefixUnaryExpression(node)) return pure(node.operand ?? node.expression, text);
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => pure(span.expression, text));
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((element) => pure(element, text));
  if (ts.isObjectLiteralExpression(node)) return node.properties.every((p) => (ts.isPropertyAssignment(p) ? pure(p.initializer, text) && !ts.isComputedPropertyName(p.name) : ts.isMethodDeclaration(p) || ts.isShorthandPropertyAssignment(p)));
  if (ts.isBinaryExpression(node)) return node.operatorToken.kind !== ts.SyntaxKind.EqualsToken && pure(node.left, text) && pure(node.right, text);
  return false;
}

/** The names a top-level statement declares. */
function declared(statement) {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name.text];
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  return [];
}

/**
 * The top-level statements of a module's text: the source file each came from (the last
 * `// src/…` comment before it), the names it declares, and whether it may have a side effect
 * (`effect`: the statement's first line), which keeps it, and what it reaches, in every bundle
 * that imports the chunk.
 */
function statementsOf(text) {
  // A one-file program, for its checker: it resolves each identifier to the declaration in scope,
  // so a local or a property of the same name as a top-level declaration is not a use of it.
  const name = '/chunk.js';
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const host = ts.createCompilerHost({});
  const program = ts.createProgram({
    rootNames: [name],
    options: { allowJs: true, noLib: true, noResolve: true, types: [] },
    host: { ...host, getSourceFile: (f, ...rest) => (f === name ? file : host.getSourceFile(f, ...rest)), fileExists: (f) => f === name || host.fileExists(f) },
  });
  const checker = program.getTypeChecker();
  const topLevel = file.locals;
  let from = HELPERS;
  return file.statements.flatMap((statement) => {
    for (const range of ts.getLeadingCommentRanges(text, statement.pos) ?? []) {
      const source = /^\/\/ (src\/\S+)/.exec(text.slice(range.pos, range.end));
      if (source) from = source[1];
    }
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) return [];
    const names = declared(statement);
    const effectFree =
      ts.isFunctionDeclaration(statement) ||
      (ts.isClassDeclaration(statement) && !statement.members.some((m) => ts.isClassStaticBlockDeclaration(m) || (ts.isPropertyDeclaration(m) && m.initializer && !pure(m.initializer, text)))) ||
      (ts.isVariableStatement(statement) && statement.declarationList.declarations.every((d) => !d.initializer || pure(d.initializer, text)));
    const effect = effectFree ? undefined : statement.getText(file).split('\n')[0].slice(0, 160);
    // The top-level names this statement uses (other than those it declares).
    const refs = new Set();
    const visit = (node) => {
      if (ts.isIdentifier(node) && topLevel?.get(node.escapedText) !== undefined && checker.getSymbolAtLocation(node) === topLevel.get(node.escapedText)) refs.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(statement);
    for (const own of names) refs.delete(own);
    return [{ file: from, names, effect, refs }];
  });
}

/**
 * The source files that `start` (a statement of `statements`) reaches through the top-level names
 * it uses, and those use, as a bundler follows them.
 */
function reachedFiles(statements, start) {
  const byName = new Map();
  for (const s of statements) for (const name of s.names) byName.set(name, [...(byName.get(name) ?? []), s]);
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const name of queue.pop().refs) {
      for (const next of byName.get(name) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...new Set([...seen].map((s) => s.file))].filter((f) => f !== HELPERS).sort();
}

/** The names declared at the top level of a bundle (esbuild hoists every module's to it). */
const topLevelNames = (text) => new Set(statementsOf(text).flatMap((s) => s.names));

/**
 * `contents` bundled from the project `from` (bench/package.cjs) as bench/bundle.cjs does, but
 * not minified, so that the top-level names of the chunks' statements survive; `entries` are
 * extra inputs esbuild must treat as having side effects (a chunk imported for its effects alone).
 */
async function bundleReadable(contents, from, effects = []) {
  const result = await build({
    stdin: { contents, resolveDir: from, loader: 'ts' },
    absWorkingDir: from,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    write: false,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    plugins: [{ name: 'effects', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (effects.includes(a.path) ? { path: a.path, sideEffects: true } : undefined)) }],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    metafile: true,
  });
  return { text: result.outputFiles[0].text, inputs: Object.values(result.metafile.outputs)[0].inputs };
}

/**
 * The source files of `statements` with a name that `names` (a bundle's top-level names) holds.
 * esbuild renames a name that two modules declare by appending a number (`noop`, `noop2`), so a
 * name whose stem (without trailing digits) the bundle, or the package's files (`all`: the
 * statements of each dist/ file it bundles), declare more than once could be another module's and
 * is not counted: a file known by such names alone is missed, none is counted that is not there.
 */
function filesNamed(statements, names, all = [statements]) {
  const stem = (name) => name.replace(/\d+$/, '');
  const count = (list) => list.reduce((counts, name) => counts.set(stem(name), (counts.get(stem(name)) ?? 0) + 1), new Map());
  const inBundle = count([...names]);
  const inPackage = count(all.flat().flatMap((s) => s.names));
  const unique = (name) => names.has(name) && inBundle.get(stem(name)) === 1 && inPackage.get(stem(name)) === 1;
  return [...new Set(statements.filter((s) => s.names.some(unique)).map((s) => s.file))].filter((f) => f !== HELPERS).sort();
}

/** A Redux Toolkit, redux, reselect, immer or redux-thunk module among esbuild's inputs. */
const isRedux = (input) => /node_modules\/(@reduxjs\/toolkit|redux|reselect|immer|redux-thunk)\//.test(input);
/** Endpoint and store code: rtk-rest's layers above the schema engine. */
const isEndpointOrStore = (file) => /^src\/(rest|redux|react|mock)\//.test(file);

const parsed = new Map();
/** `statementsOf` the file at `path`, read once (a built package's files do not change). */
function statementsAt(path) {
  if (!parsed.has(path)) parsed.set(path, statementsOf(readFileSync(path, 'utf8')));
  return parsed.get(path);
}

/**
 * The dist/ files that the app `contents` bundled from the package installed in `from` takes
 * bytes from, each with its statements and the source files whose code the bundle holds (`held`).
 */
async function distFilesHeld(contents, from) {
  const { text, inputs } = await bundleReadable(contents, from);
  const names = topLevelNames(text);
  const dist = Object.entries(inputs)
    .filter(([input, { bytesInOutput }]) => /node_modules\/rtk-rest\/dist\/.*\.mjs$/.test(input) && bytesInOutput > 0)
    .map(([input, { bytesInOutput }]) => ({ input, path: join(from, input), bytes: bytesInOutput, statements: statementsAt(join(from, input)) }));
  const all = dist.map((d) => d.statements);
  return { dist: dist.map((d) => ({ ...d, held: filesNamed(d.statements, names, all) })), inputs };
}

/** The source files whose code the app `contents` holds, bundled from the package installed in `from`. */
const sourceFilesHeld = async (contents, from) => [...new Set((await distFilesHeld(contents, from)).dist.flatMap((d) => d.held))].sort();

/**
 * What the app `contents` holds when bundled from the package installed in `from`, against the
 * same app bundled from src/ (`srcInputs`: esbuild's inputs of that bundle):
 * - `chunks`: the dist/ chunks it bundles, each with the source files its bytes come from
 *   (`held`), those the src/ bundle does not hold (`extra`), and the chunk's side-effect
 *   statements (`effects`: file, first line, and the files it reaches that the src/ bundle does
 *   not hold) and the files those statements keep in a bundle that uses nothing of the chunk
 *   (`keptByEffects`, as esbuild keeps them);
 * - `redux`: Redux modules it bundles; `endpointOrStore`: extra files of src/rest, redux, react, mock.
 */
async function treeShakingReport(contents, from, srcInputs) {
  const fromSrc = new Set(Object.entries(srcInputs).filter(([f, i]) => f.startsWith('src/') && i.bytesInOutput > 0).map(([f]) => f));
  const { dist, inputs } = await distFilesHeld(contents, from);
  const all = dist.map((d) => d.statements);
  const chunks = [];
  for (const { input, path, bytes: bytesInOutput, statements, held } of dist) {
    // What the chunk's side effects keep when it is imported for them alone.
    const keptByEffects = filesNamed(statements, topLevelNames((await bundleReadable(`import ${JSON.stringify(path)};`, from, [path])).text), all);
    const effects = statements.filter((s) => s.effect !== undefined).map((s) => ({ file: s.file, effect: s.effect, reaches: reachedFiles(statements, s).filter((f) => !fromSrc.has(f)) }));
    chunks.push({ chunk: input, bytes: bytesInOutput, held, extra: held.filter((f) => !fromSrc.has(f)), effects, keptByEffects });
  }
  const redux = Object.keys(inputs).filter((input) => isRedux(input) && inputs[input].bytesInOutput > 0);
  return { chunks, redux, endpointOrStore: [...new Set(chunks.flatMap((c) => c.extra.filter(isEndpointOrStore)))].sort() };
}

module.exports = { statementsOf, sourceFilesHeld, treeShakingReport, isEndpointOrStore };
