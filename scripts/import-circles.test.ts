// No module of the code (functions/, shared/, web/src, tests aside) reaches itself again through its imports: static,
// dynamic and type-only alike. A circle ties its files into one piece that can only be understood, moved or loaded
// together; what both sides need goes into a module of its own that both import.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { moduleImports, shippedModules, TEST_CODE } from './module-imports';

const root = join(__dirname, '..');
/** The path aliases of tsconfig.json. */
const ALIASES: Array<[string, string]> = [
  ['@/', 'web/src/'],
  ['@shared/', 'shared/'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The project file a specifier names from `file` (both relative to the root); undefined for a package or builtin. */
function resolved(file: string, specifier: string): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = join(root, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) base = resolve(root, dirname(file), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split('\\').join('/');
  }
  return undefined;
}

/** Each file of the code with the project files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { file, code } of shippedModules(root)) {
    const targets = moduleImports(file, code, { types: true }).map((specifier) => resolved(file, specifier));
    graph.set(
      file,
      targets.filter((target): target is string => target !== undefined && !TEST_CODE.test(target)),
    );
  }
  return graph;
}

/** The groups of two or more nodes that reach one another (Tarjan's strongly connected components), and self-loops. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of the code', () => {
  it('has no circle, type-only and lazy imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    // The aliases resolve: the web app's entry reaches its router through `./app/...` and `@/...` alike.
    expect([...graph.values()].flat()).toEqual(expect.arrayContaining(['web/src/app/router.tsx', 'shared/dates.ts']));
    expect(circles(graph).map((group) => group.join(' → '))).toEqual([]);
  });

  it('finds a circle of two, a longer one through a shared file, and a file importing itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c', 'f']],
      ['f', []],
      ['g', ['g']],
      ['h', ['f']],
    ]);
    expect(circles(graph)).toEqual(expect.arrayContaining([['a', 'b'], ['c', 'd', 'e'], ['g']]));
    expect(circles(graph)).toHaveLength(3);
  });
});
