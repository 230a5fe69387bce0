// Function lengths across the repository's production code, measured on TypeScript's own syntax
// tree (the compiler API of the `typescript` devDependency), not by pattern matching.
//
//   pnpm exec tsx scripts/function-lengths.ts              count of functions over 80 lines
//   pnpm exec tsx scripts/function-lengths.ts --over 150 --under services/catalogue --list
//
// A function's length is the number of lines from its first token to its last (comments above
// it do not count); a function inside another counts on its own and inside its parent.
// Production code: the .ts/.tsx files the root tsconfig includes, without tests (*.test.ts),
// test helpers (test/, testing/ folders, e2e/) and benchmarks (bench/).
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

export interface MeasuredFunction {
  /** Path from the repository root, with forward slashes. */
  file: string;
  /** First line (1-based). */
  line: number;
  lines: number;
  name: string;
}

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const FUNCTION_KINDS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

/** Whether a repository path is production code (see the header). */
export function isProductionFile(path: string): boolean {
  if (!/\.tsx?$/.test(path) || path.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(path)) return false;
  return !/(^|\/)(node_modules|e2e|bench|test|testing|__tests__)\//.test(path);
}

/** A readable name: the declaration's own, else the variable, property or call it is given to. */
function nameOf(node: Node, sf: SourceFile): string {
  const named = node as Node & { name?: Node };
  if (named.name) return sf.text.slice(named.name.getStart(sf), named.name.end);
  const parent = node.parent as
    | (Node & { name?: Node; expression?: Node; arguments?: readonly Node[] })
    | undefined;
  const textOf = (n: Node) => sf.text.slice(n.getStart(sf), n.end);
  if (
    parent?.name &&
    (parent.kind === SyntaxKind.VariableDeclaration || parent.kind === SyntaxKind.PropertyAssignment)
  )
    return textOf(parent.name);
  if (parent?.kind === SyntaxKind.CallExpression && parent.expression) {
    const first = parent.arguments?.[0];
    const label = first && first !== node && first.kind === SyntaxKind.StringLiteral ? textOf(first) : '';
    return `${textOf(parent.expression)}(${label}…) callback`;
  }
  return '(anonymous)';
}

function functionsOf(sf: SourceFile, file: string, out: MeasuredFunction[]): void {
  const visit = (node: Node): void => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      out.push({ file, line: start + 1, lines: end - start + 1, name: nameOf(node, sf) });
    }
    node.forEachChild(visit);
  };
  sf.forEachChild(visit);
}

/** Every function of the production files under `under` (repository paths; all when empty). */
export function measureFunctions(under: readonly string[] = []): MeasuredFunction[] {
  const api = new API({ cwd: ROOT });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [resolve(ROOT, 'tsconfig.json')] });
    const [project] = snapshot.getProjects();
    if (!project) throw new Error('the root tsconfig.json opened no project');
    const out: MeasuredFunction[] = [];
    for (const name of project.program.getSourceFileNames()) {
      const file = relative(ROOT, name).split('\\').join('/');
      if (file.startsWith('..') || !isProductionFile(file)) continue;
      if (under.length > 0 && !under.some((u) => file === u || file.startsWith(`${u.replace(/\/$/, '')}/`)))
        continue;
      const sf = project.program.getSourceFile(name);
      if (sf) functionsOf(sf, file, out);
    }
    return out;
  } finally {
    api.close();
  }
}

function main(argv: string[]): void {
  let over = 80;
  const under: string[] = [];
  let list = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--over') over = Number(argv[++i]);
    else if (arg === '--under') under.push(argv[++i] ?? '');
    else if (arg === '--list') list = true;
    else throw new Error(`unknown argument ${arg} (use --over N, --under PATH, --list)`);
  }
  if (!Number.isInteger(over) || over < 1) throw new Error('--over takes a whole number of lines');
  const long = measureFunctions(under)
    .filter((f) => f.lines > over)
    .sort((a, b) => b.lines - a.lines);
  if (list)
    for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(
    `functions over ${over} lines${under.length ? ` under ${under.join(', ')}` : ''}: ${long.length}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
