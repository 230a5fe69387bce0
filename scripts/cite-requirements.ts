/**
 * Rewrites citations of the product brief's three documents, which are not in the repository, to
 * the anchors of docs/requirements.md:
 *
 *   spec 1 §7            -> requirements M7        (1 member area, 2 admin catalogue, 3 operations)
 *   Spec 2 §2.8          -> Requirements C2.8
 *   spec 1 §2, §7        -> requirements M2, M7
 *   spec 2 §2.2–2.4, §4  -> requirements C2.2–C2.4, C4
 *   spec 3's             -> requirements O's       (a document without a section: its part)
 *   member §6, catalogue §1, operations §7 -> requirements M6, C1, O7
 *
 *   pnpm exec tsx scripts/cite-requirements.ts            what it would change, file by file
 *   pnpm exec tsx scripts/cite-requirements.ts --write    rewrite every tracked text file
 *   pnpm exec tsx scripts/cite-requirements.ts --check    list the old citations left (exit 1 if any)
 *
 * It reads the files git tracks (from the current directory's repository), leaves this script,
 * its test and docs/requirements.md alone, and names any citation whose anchor
 * docs/requirements.md does not have.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PARTS: Record<string, string> = {
  '1': 'M',
  '2': 'C',
  '3': 'O',
  member: 'M',
  catalogue: 'C',
  operations: 'O',
};

const SECTION = String.raw`\d+(?:\.\d+)?`;
/** `§7`, `§2.2–2.4`, `§1-2`, and more after commas or "and": `§2, §5 and §8`. */
const SECTIONS = String.raw`§${SECTION}(?:\s*[–-]\s*§?${SECTION})?(?:(?:,\s*|\s+and\s+)§${SECTION}(?:\s*[–-]\s*§?${SECTION})?)*`;
/** `spec 1 §7…`, `Spec 3`, and `member §6…` (the part's name needs a section). */
export const CITATION = new RegExp(
  String.raw`\b(?:([Ss])pec ([123])\b(?:\s+(${SECTIONS}))?|(member|catalogue|operations) (${SECTIONS}))`,
  'g',
);

/** One citation's sections with the part's letter: `§2.2–2.4, §4` -> `C2.2–C2.4, C4`. */
const lettered = (sections: string, letter: string): string =>
  sections.replace(/§?(\d+(?:\.\d+)?)/g, `${letter}$1`);

export function rewrite(text: string): { text: string; count: number; anchors: string[] } {
  let count = 0;
  const anchors: string[] = [];
  const out = text.replace(
    CITATION,
    (
      _all,
      s: string | undefined,
      doc: string | undefined,
      docSections: string | undefined,
      part,
      partSections,
    ) => {
      count += 1;
      const letter = PARTS[(doc ?? part) as string]!;
      const sections = docSections ?? partSections;
      const word = s === 'S' ? 'Requirements' : 'requirements';
      if (!sections) {
        anchors.push(letter);
        return `${word} ${letter}`;
      }
      const cited = lettered(sections, letter);
      anchors.push(...(cited.match(/[MCO]\d+(?:\.\d+)?/g) ?? []));
      return `${word} ${cited}`;
    },
  );
  return { text: out, count, anchors };
}

/** The anchors docs/requirements.md defines (`<a id="M7">`). */
export const anchorsOf = (requirements: string): Set<string> =>
  new Set([...requirements.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));

const SKIP = new Set([
  'docs/requirements.md',
  'scripts/cite-requirements.ts',
  'scripts/cite-requirements.test.ts',
]);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|jsx|md|css|json|ya?ml|sql|sh|html)$/;

function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && TEXT.test(f) && !SKIP.has(f) && !f.endsWith('pnpm-lock.yaml'));
}

if (import.meta.main || process.argv[1] === import.meta.filename) {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const write = process.argv.includes('--write');
  const checkOnly = process.argv.includes('--check');
  const known = anchorsOf(readFileSync(join(root, 'docs/requirements.md'), 'utf8'));
  let total = 0;
  let files = 0;
  const unknown = new Map<string, string[]>();
  for (const file of trackedFiles(root)) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    if (checkOnly) {
      before.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(CITATION)) console.log(`${file}:${i + 1}: ${m[0]}`);
      });
      total += [...before.matchAll(CITATION)].length;
      continue;
    }
    const { text, count, anchors } = rewrite(before);
    if (count === 0) continue;
    files += 1;
    total += count;
    const missing = anchors.filter((a) => !known.has(a));
    if (missing.length > 0) unknown.set(file, missing);
    if (write) writeFileSync(path, text);
    else console.log(`${file}: ${count}`);
  }
  if (checkOnly) {
    console.log(`${total} old citation(s) left`);
    if (total > 0) process.exitCode = 1;
  } else {
    console.log(`${write ? 'rewrote' : 'would rewrite'} ${total} citation(s) in ${files} file(s)`);
    for (const [file, missing] of unknown)
      console.log(`  ${file}: no anchor in docs/requirements.md for ${[...new Set(missing)].join(', ')}`);
  }
}
