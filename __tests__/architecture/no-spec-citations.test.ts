import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The documents the project was planned from are not in the repository, and neither is its issue
// tracker: a comment, a test name or a page that cites a rule number of the behavioural spec, an
// issue number or one of those files sends the reader somewhere they cannot open. Comments point at
// the docs instead ("see docs/concepts.md#expiry"), and those references must land on a real
// heading; a test name says what it checks. The declarations are built from the comments of src/,
// so checking src/ covers the published .d.ts too. History belongs in git.

const root = resolve(__dirname, '../..');
const src = join(root, 'src');


function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), pattern) : pattern.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The comments of a source file, each with the line it starts on. */
function comments(text: string): { line: number; text: string }[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*$/gm)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    text: match[0],
  }));
}

/**
 * A rule citation in a comment or a test name: a design-decision id ("(D26)", ", D12"), a section
 * mark, a fault-table row ("row 16", "(11 #21)"), or a bare rule number where citations stand
 * ("(4.14)", ", 6.63)", "rule 1.11", "1.12 step 3"). Rule sections run 0–11 and rules start at 1,
 * which keeps versions ("8.4.2", "(2.0)") and ratios out.
 */
const RULE = String.raw`(?:[0-9]|1[01])\.(?!0\b)[0-9]{1,2}`;
const CITATION = new RegExp(
  String.raw`\(D\d+\)|(?:, |/ )D\d+\b|§|\brows? \d+\b(?! (?:of|to|and)\b)|\(\d+ #\d+|(?:\(|, |\brules? )${RULE}(?:\.[0-9])?(?=[),;:–/]| step)|${RULE} step\b`,
);
/**
 * A test name that says where its rule came from: at the start ("6.49 …", "issue 18.5: …", "#15 …",
 * "row 2: …"), or a rule number anywhere ("… per 4.13", "(6.35 \"nothing stored\")"). A quoted
 * value ('a pk such as "1.5"'), a package version (`@8.4.2`) and a quantity ("1.5 s") pass.
 */
const NUMBERED_NAME = new RegExp(
  String.raw`^(?:[Ii]ssues? )?(?:\d+\.\d+|#\d+|row \d+|§)|(?<![\w.$@"'/-])${RULE}(?:\.[0-9])*(?![\w%"'.]| ?(?:ms|s|µs|ns|kB|MB|x|×)\b)`,
);

/**
 * Project history and the outside documents, on any line of any tracked text file: an issue
 * number, the planning files by name, the spec by its short name, or the folder they live in.
 */
const HISTORY = /\b[Ii]ssues? #?\d|\bnew-user check\b|\b(?:SPEC|STYLE|API)\.md\b|\bseed\.txt\b|\bSPEC\b|\bSTYLE\b|(?<![\w.-])shared\//;

/**
 * What HISTORY lets through, removed from a line before it is matched: the one file location
 * outside the clone that the repository uses (the benchmark input data beside it), and fixture
 * titles of the GitHub-like issues some tests list ('issue 3', a value, not a citation), and a
 * package's own folder inside its dist/ (next/dist/shared/lib/…).
 */
const ALLOWED = [/(?<![\w.-])\.\.\/shared\/bench-data\b/g, /\bdist\/shared\//g, /(['"`])[Ii]ssue \d+\1/g];

/** Every text file git tracks, relative to the root: the lockfiles and binary files left out. */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '' && !path.endsWith('package-lock.json') && existsSync(join(root, path)))
    .filter((path) => !readFileSync(join(root, path)).includes(0));
}

const CODE = /\.(?:[cm]?[jt]sx?)$/;

/** The names given to describe / it / test (their first string), each with its line. */
function testNames(text: string): { line: number; text: string }[] {
  return [...text.matchAll(/(?:\b(?:describe|it|test)\b(?:\.\w+)*(?:\([^()]*\))?\(|\]\s*(?:as const\s*)?\)\()\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    text: match[2]!,
  }));
}

/** HISTORY on every line of `text`, with ALLOWED removed first. */
function historyIn(path: string, text: string): string[] {
  return text.split('\n').flatMap((row, i) => {
    const rest = ALLOWED.reduce((line, allowed) => line.replace(allowed, ''), row);
    return HISTORY.test(rest) ? [`${path}:${i + 1}: ${row.trim()}`] : [];
  });
}

/** CITATION in the comments and test names of a code file, NUMBERED_NAME in its test names. */
function citationsIn(path: string, text: string): string[] {
  const inComments = comments(text).flatMap(({ line, text: comment }) =>
    comment.split('\n').flatMap((row, i) => (CITATION.test(row) ? [`${path}:${line + i}: ${row.trim()}`] : [])),
  );
  const inNames = testNames(text).flatMap(({ line, text: name }) => (CITATION.test(name) || NUMBERED_NAME.test(name) ? [`${path}:${line}: ${name}`] : []));
  return [...inComments, ...inNames];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('no citation of spec rules, issues or documents outside the repository', () => {
  // This file has to spell out what it forbids; every other tracked file is checked.
  const self = relative(root, __filename);
  const tracked = trackedTextFiles().filter((path) => path !== self);
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('checks the whole repository: src/, tests, CI, bench, codegen, the example app and the docs', () => {
    const tops = new Set(tracked.map((path) => path.split('/')[0]));
    for (const top of ['src', '__tests__', '.ci', 'bench', 'codegen', 'example-app', 'docs', 'README.md', 'package.json', 'jest.config.ts', 'eslint.config.mjs']) {
      expect(tops).toContain(top);
    }
  });

  it('no tracked text file names an issue number, a planning document or the folder outside the clone', () => {
    expect(tracked.flatMap((path) => historyIn(path, read(path)))).toEqual([]);
  });

  it('no comment or test name cites a rule number, a design decision, a section or a table row', () => {
    expect(tracked.filter((path) => CODE.test(path)).flatMap((path) => citationsIn(path, read(path)))).toEqual([]);
  });

  it('every docs/….md#anchor cited in src/ names an existing page and heading', () => {
    const sources = files(src, /\.tsx?$/);
    const cited = new Set(sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w/.-]*?\.md(?:#[\w-]+)?/g)].map((m) => m[0])));
    expect(cited.size).toBeGreaterThan(20);
    const broken = [...cited].filter((reference) => {
      const [page, anchor] = reference.split('#') as [string, string | undefined];
      const path = join(root, page);
      if (!existsSync(path)) return true;
      return anchor !== undefined && !anchorsOf(readFileSync(path, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});

describe('the citation patterns', () => {
  const cited = [
    '// Keys are stable (issue 16.7).',
    '# Package checks (Issue 8): lint',
    'see shared/API.md',
    'as STYLE.md asks',
    'The store of SPEC 6.4',
    'seed.txt says so',
    '(Rollup warned: new-user check 5)',
    'read /work/shared/notes',
  ];
  const clean = [
    'BENCH_DATA=/path/to/data.json  # elsewhere than ../shared/bench-data/',
    "expect(titles()).toEqual(['issue 1', 'issue 2']);",
    'Issues are listed newest first.',
    'const DESCRIPTION = "openapi.yaml"; // shared by the tests',
  ];

  it('HISTORY flags issue numbers, the planning files and their folder; data paths and fixture titles pass', () => {
    expect(cited.filter((line) => historyIn('x', line).length === 0)).toEqual([]);
    expect(clean.flatMap((line) => historyIn('x', line))).toEqual([]);
  });

  it('CITATION and NUMBERED_NAME flag rule numbers in comments and names; versions and ratios pass', () => {
    const code = [
      "// A stored error is rebuilt (6.46).",
      "/** Two classes reading one table (D12). */",
      "describe('1.23 / D2 keys of random parameter values', () => {});",
      "// Bad input (11 #21, 6.69–6.70).",
      "it('6.49 any other exception: no layer', () => {});",
      "test('issue 18.2 trigger returns the call promise', () => {});",
      "describe('row 16 collection shape mismatch', () => {});",
      "it.each([[1], [2]])('#26 a negative expiry length (%s)', () => {});",
      "it('an older success still merges its entities per 4.13', () => {});",
      "test('suspends with the fallback (6.35 \"nothing stored\")', () => {});",
    ];
    expect(code.filter((line) => citationsIn('x.ts', line).length === 0)).toEqual([]);
    const fine = [
      '// Swagger 2.0 (2.0) and OpenAPI 3.1; ratio 1.0116 (1.0).',
      "it('retries after 1000 * 0.75 ms, row by row', () => {});",
      "// TypeScript 5.9 answered from the parameter's variance.",
      "it('a request for rows 1 to 20', () => {});",
      "it('a decimal pk such as \"1.5\" is not integer-like', () => {});",
      "it('agrees with path-to-regexp@8.4.2, within 1.5 s', () => {});",
    ];
    expect(fine.flatMap((line) => citationsIn('x.ts', line))).toEqual([]);
  });

  it('the anchor rule follows GitHub: punctuation dropped, repeats numbered', () => {
    const anchors = anchorsOf('# Errors and `errorPolicy`\n## 5. Test it without a server\n```\n# not a heading\n```\n## Notes\n## Notes');
    expect([...anchors]).toEqual(['errors-and-errorpolicy', '5-test-it-without-a-server', 'notes', 'notes-1']);
  });
});
