import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The behavioural spec is not shipped: a comment citing "SPEC 6.63" or a bare "(4.14)" sends the
// reader of the TSDoc (dist/*.d.ts, typedoc) or of the source to a document they cannot open.
// Comments point at the docs instead ("see docs/concepts.md#expiry"), and those references must
// land on a real heading. The declarations are built from these comments, so checking src/ covers
// the published .d.ts too.

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
 * A rule citation: "SPEC …", the contract file names, a design-decision id ("(D26)", ", D12"), or
 * a bare rule number where citations stand ("(4.14)", ", 6.63)", "rule 1.11", "1.12 step 3").
 * Rule sections run 0–11, which keeps issue numbers ("issue 17.2") and versions ("8.4.2") out.
 */
const CITATION =
  /\bSPEC\b|\bAPI\.md\b|\(D\d+\)|, D\d+\b|(?:\(|, |\brules? |§)(?:[0-9]|1[01])\.[0-9]{1,2}(?:\.[0-9])?(?=[),;:–]| step)|(?:[0-9]|1[01])\.[0-9]{1,2} step\b/;

function citationsIn(file: string): string[] {
  const path = relative(root, file);
  return comments(readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
    text.split('\n').flatMap((row, i) => (CITATION.test(row) ? [`${path}:${line + i}: ${row.trim()}`] : [])),
  );
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

describe('comments cite docs pages, never SPEC rule numbers', () => {
  const sources = files(src, /\.tsx?$/);

  it('no comment in src/ cites a SPEC rule, a design decision or a bare rule number', () => {
    expect(sources.flatMap(citationsIn)).toEqual([]);
  });

  it('every docs/….md#anchor cited in src/ names an existing page and heading', () => {
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

  it('README.md and the docs pages quote no SPEC rule numbers either', () => {
    const pages = [join(root, 'README.md'), ...files(join(root, 'docs'), /\.md$/).filter((file) => !file.includes(`${join(root, 'docs', 'api')}`))];
    const found = pages.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((row, i) => (/\bSPEC\b/.test(row) ? [`${relative(root, file)}:${i + 1}: ${row.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  // History belongs in git: a comment saying which issue a line came from, or pointing at a style
  // guide that is not in the repository, tells a reader nothing they can open.
  it('no comment in src/ and no line of README.md carries project history: issue numbers, STYLE.md', () => {
    const HISTORY = /\b[Ii]ssues? \d+(?:\.\d+)?\b|\bSTYLE(?:\.md)?\b/;
    const inSources = sources.flatMap((file) =>
      comments(readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
        text.split('\n').flatMap((row, i) => (HISTORY.test(row) ? [`${relative(root, file)}:${line + i}: ${row.trim()}`] : [])),
      ),
    );
    const inReadme = readFileSync(join(root, 'README.md'), 'utf8')
      .split('\n')
      .flatMap((row, i) => (HISTORY.test(row) ? [`README.md:${i + 1}: ${row.trim()}`] : []));
    expect([...inSources, ...inReadme]).toEqual([]);
  });

  it('the anchor rule follows GitHub: punctuation dropped, repeats numbered', () => {
    const anchors = anchorsOf('# Errors and `errorPolicy`\n## 5. Test it without a server\n```\n# not a heading\n```\n## Notes\n## Notes');
    expect([...anchors]).toEqual(['errors-and-errorpolicy', '5-test-it-without-a-server', 'notes', 'notes-1']);
  });
});
