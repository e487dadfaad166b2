import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// Loading a module of src/ must do nothing but define it: no registry filled as a module loads
// (which makes a file's behaviour depend on which other files were loaded first, and is dropped
// by bundlers under the package's `"sideEffects": false`), no module-level state set at load.

const root = join(__dirname, '../..');
const sourceFiles = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`)
    .sort();

/**
 * Module-level `let`s that are not filled at load: each is set during a call and read by calls.
 * Adding one means saying here why it cannot be an argument or a constant.
 */
const CALL_TIME_BINDINGS: Record<string, string> = {
  'src/rest/construct.ts probing': 'set while a subclass is constructed to read its field defaults, reset in a finally',
  'src/rest/RestEndpoint.ts extending': 'set while deriveEndpoint constructs a derived endpoint, reset in a finally',
  'src/mock/statusText.ts table': 'parsed on first use from a constant string',
  'src/react/useDLE.ts inactiveDLE': 'a constant frozen on first use, so that apps without useDLE do not keep it',
  'src/redux/store/tables.ts sharding': 'the sharded table operations, installed when a store with the shardedTables feature is created',
};

/** What the top level of `file` does at load that it must not, one line per finding. */
function loadTimeFindings(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imported = new Set<string>();
  const declared = new Set<string>();
  const findings: string[] = [];
  const line = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().split('\n')[0]!.slice(0, 100)}`;

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      const clause = statement.importClause;
      if (!from.startsWith('.') || clause === undefined || clause.isTypeOnly) continue;
      if (clause.name) imported.add(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) imported.add(element.name.text);
    }
    if ((ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) && statement.name) declared.add(statement.name.text);
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.add(d.name.text);
  }

  const mentionsImport = (node: ts.Node): boolean => (ts.isIdentifier(node) && imported.has(node.text)) || (ts.forEachChild(node, (child) => mentionsImport(child) || undefined) ?? false);
  const GLOBALS = new Set(['globalThis', 'window', 'self', 'document', 'process', 'global']);
  const mentionsGlobal = (node: ts.Node): boolean => (ts.isIdentifier(node) && GLOBALS.has(node.text)) || (ts.forEachChild(node, (child) => mentionsGlobal(child) || undefined) ?? false);

  /** Code that runs as the module loads: everything but the bodies of functions and of class members that are not static initializers. */
  const visitLoadTime = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && !ts.isClassStaticBlockDeclaration(node)) return;
    if (ts.isPropertyDeclaration(node) && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
      const callee = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
      // A call marked `/* @__PURE__ */` builds a value and nothing else (bundlers drop it when the value is unused, so a registration marked so would be lost anyway).
      const pure = /\/\*\s*[@#]__PURE__\s*\*\/\s*$/.test(text.slice(Math.max(0, node.getStart() - 30), node.getStart()));
      if (!pure && mentionsImport(callee)) findings.push(`calls another module of src/ at load: ${line(node)}`);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (mentionsImport(node.left) || mentionsGlobal(node.left)) findings.push(`assigns to another module's or a global value at load: ${line(node)}`);
    }
    ts.forEachChild(node, visitLoadTime);
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isModuleDeclaration(statement)) continue;
    if (ts.isVariableStatement(statement) && !(statement.declarationList.flags & ts.NodeFlags.Const)) {
      for (const d of statement.declarationList.declarations) {
        const name = `${file} ${d.name.getText()}`;
        if (!(name in CALL_TIME_BINDINGS)) findings.push(`module-level mutable binding: ${line(statement)}`);
      }
    }
    if (ts.isExpressionStatement(statement)) {
      // A statement of its own at the top level: only defining a property of this module's own class is allowed (Entity's `key` default).
      const call = statement.expression;
      const definesOwn =
        ts.isCallExpression(call) &&
        /^Object\.definePropert(y|ies)$/.test(call.expression.getText()) &&
        call.arguments[0] !== undefined &&
        ts.isIdentifier(call.arguments[0]) &&
        declared.has(call.arguments[0].text);
      if (!definesOwn) findings.push(`top-level statement: ${line(statement)}`);
    }
    visitLoadTime(statement);
  }
  return findings;
}

describe('modules of src/ have no load-time side effects', () => {
  const files = sourceFiles('src');

  it('finds the modules of every layer', () => {
    for (const layer of ['internal', 'schema', 'rest', 'redux', 'react', 'mock']) expect(files.some((file) => file.startsWith(`src/${layer}/`))).toBe(true);
  });

  it('no module calls another module of src/, assigns to an import or a global, or keeps a mutable binding, as it loads', () => {
    const findings = files.flatMap((file) => loadTimeFindings(file, readFileSync(join(root, file), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('the check finds a registration, a global write and a module-level let (it can fail)', () => {
    const registering = [
      "import { provide } from './registry';",
      "import { table } from './tables';",
      'export function toNode(definition: unknown) { return definition; }',
      'provide(toNode);',
      'export const node = provide.bind(undefined)(toNode);',
      "table.entry = 'x';",
      'globalThis.rtkRest = toNode;',
      'let state = 0;',
      'export class Registered { static added = provide(Registered); }',
      
    ].join('\n');
    // Each finding as `what:line`.
    const found = loadTimeFindings('src/schema/example.ts', registering).map((finding) => `${finding.split(':')[0]}:${/example\.ts:(\d+)/.exec(finding)![1]}`);
    expect(found.sort()).toEqual(
      [
        "assigns to another module's or a global value at load:6",
        "assigns to another module's or a global value at load:7",
        'calls another module of src/ at load:4',
        'calls another module of src/ at load:5',
        'calls another module of src/ at load:5',
        'calls another module of src/ at load:9',
        'module-level mutable binding:8',
        'top-level statement:4',
        'top-level statement:6',
        'top-level statement:7',
      ].sort(),
    );
  });

  it('code that runs only when called is not load-time code', () => {
    const lazy = [
      "import { provide } from './registry';",
      'export function register() { provide(register); }',
      'export const later = () => provide(later);',
      'export class Lazy { method() { provide(this); } field = provide(Lazy); }',
      'export const hook = /* @__PURE__ */ provide(later);',
    ].join('\n');
    expect(loadTimeFindings('src/schema/lazy.ts', lazy)).toEqual([]);
  });
});
