// The generated parts of docs/architecture.md: the route map (each route of functions/routes.ts, its handler, the use
// cases and data modules it imports, the web pages that call it) and the web features' pages. Read from import lines
// and the URLs the web code names, without a compiler, so a test can run it. `npx tsx scripts/route-map.ts --write`
// rewrites the sections between their marker comments; scripts/route-map.test.ts fails when they are stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { routes, type Route } from '../functions/routes';

export const DOC = 'docs/architecture.md';
export const WRITE_COMMAND = 'npx tsx scripts/route-map.ts --write';
export const SECTIONS = ['route-map', 'web-features'] as const;
export type SectionName = (typeof SECTIONS)[number];

const ROOT = join(__dirname, '..');

// ---- Import lines ----

/** `import … from '…'`, `export … from '…'` and `import '…'` at the start of a line. */
const STATIC_IMPORT = /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:([\w*{}\s,$]+?)\s+from\s+)?['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** What an import brings in: the names of `{ a, b as c }` (a, b), or everything (a default, `* as`, `import()`). */
export type Imported = { specifier: string; names: ReadonlySet<string> | 'all' };

/** The run-time imports of a module, from its import lines; `import type` and `{ type A }` alone are erased. */
export function importsOf(code: string): Imported[] {
  const found: Imported[] = [];
  for (const [, typeOnly, clause = '', specifier = ''] of code.matchAll(STATIC_IMPORT)) {
    const braces = /\{([^}]*)\}/.exec(clause);
    const named = (braces?.[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const values = named.filter((name) => !name.startsWith('type ')).map((name) => name.split(/\s+as\s+/)[0] ?? name);
    const other = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (typeOnly || (named.length > 0 && values.length === 0 && !other)) continue;
    found.push({ specifier, names: other || !braces ? 'all' : new Set(values) });
  }
  for (const [, specifier = ''] of code.matchAll(DYNAMIC_IMPORT)) found.push({ specifier, names: 'all' });
  return found;
}

type Source = { read: (file: string) => string; importsOf: (file: string) => Array<Imported & { file: string }> };

/** The repository file (root-relative) a specifier names, or null for packages and `@shared/`. */
function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  exists: (path: string) => boolean = existsSync,
): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(root, dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = resolve(root, 'web/src', specifier.slice(2));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && exists(candidate)) return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

function source(root: string): Source {
  const texts = new Map<string, string>();
  const resolved = new Map<string, Array<Imported & { file: string }>>();
  const existing = new Map<string, boolean>();
  const exists = (path: string) => {
    const found = existing.get(path) ?? existsSync(path);
    existing.set(path, found);
    return found;
  };
  const read = (file: string) => {
    const text = texts.get(file) ?? readFileSync(join(root, file), 'utf8');
    texts.set(file, text);
    return text;
  };
  return {
    read,
    importsOf: (file) => {
      const known = resolved.get(file);
      if (known) return known;
      const found = importsOf(read(file)).flatMap((imported) => {
        const target = resolveSpecifier(root, file, imported.specifier, exists);
        return target ? [{ ...imported, file: target }] : [];
      });
      resolved.set(file, found);
      return found;
    },
  };
}

function listFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return listFiles(root, path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
}

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];
const sorted = (values: Iterable<string>) => unique(values).sort();

// ---- The API side: handler → use cases → data ----

export type ServerSide = { useCases: string[]; data: string[] };

/** `functions/services/drafts.ts` → `drafts`, `functions/data/keys/users.ts` → `keys/users`, when in that folder. */
function moduleIn(folder: string, file: string): string | null {
  return new RegExp(`^${folder}/([\\w-]+(?:/[\\w-]+)*)\\.ts$`).exec(file)?.[1] ?? null;
}

const RECORD = 'functions/client-record';
const RECORD_NAME = 'client-record';

function serverSide(root: string, files: Source, route: Route): ServerSide {
  const handlerFile = `functions/handlers/${route.handler}.ts`;
  if (!existsSync(join(root, handlerFile))) throw new Error(`${route.handler}: ${handlerFile} is missing`);
  const imported = files.importsOf(handlerFile).map(({ file }) => file);
  const services = imported.filter((file) => moduleIn('functions/services', file));
  const reached = [...imported, ...services.flatMap((file) => files.importsOf(file).map((next) => next.file))];
  return {
    useCases: sorted(services.map((file) => moduleIn('functions/services', file) ?? file)),
    // The client record (functions/client-record/, the floor under the use cases) is named as one data module.
    data: sorted(
      reached.flatMap((file) => moduleIn('functions/data', file) ?? (moduleIn(RECORD, file) ? RECORD_NAME : [])),
    ),
  };
}

// ---- The web pages ----

/** A page of web/src/app/router.tsx: its route file, its URL, whether it is the signed-in shell around the others. */
export type Page = { file: string; url: string; shell: boolean; signedIn: boolean };

function webPages(root: string, files: Source): Page[] {
  const router = 'web/src/app/router.tsx';
  const urls = new Map<string, string>();
  for (const [, name = '', url = ''] of files
    .read('web/src/config/paths.ts')
    .matchAll(/^ {2}(\w+): \{\s*path: '([^']+)'/gm))
    urls.set(name, url);
  const components = new Map<string, string>();
  for (const [, component = '', specifier = ''] of files
    .read(router)
    .matchAll(/const (\w+) = lazy\(\(\) =>\s*import\('([^']+)'\)/g)) {
    const file = resolveSpecifier(root, router, specifier);
    if (file) components.set(component, file);
  }
  const pages: Page[] = [];
  const entry = /\{\s*(?:path: paths\.(\w+)\.path|index: true),\s*element: <(\w+) \/>(,\s*children:)?/g;
  for (const [text, name, component = '', children] of files.read(router).matchAll(entry)) {
    const file = components.get(component);
    const url = name ? urls.get(name) : '/';
    if (!file || !url) throw new Error(`${router}: no file or URL for ${text}`);
    if (pages.some((page) => page.file === file)) continue;
    pages.push({ file, url, shell: Boolean(children), signedIn: file.startsWith('web/src/app/routes/app/') });
  }
  return pages;
}

/** Every web file a page loads, itself included (imports followed through web/src, lazy ones too). */
function loadedBy(files: Source, page: string): Set<string> {
  const seen = new Set([page]);
  const queue = [page];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const { file: next } of files.importsOf(file)) {
      if (!next.startsWith('web/src/') || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

// ---- Which web code calls a route ----

/** URL constants (`export const CLIENTS_KEY = '/api/clients'`) and one-line URL helpers (`(id) => \`…\``), by name. */
type UrlNames = { constants: Map<string, string>; helpers: Map<string, { params: string[]; template: string }> };

function urlNames(files: Source, paths: readonly string[]): UrlNames {
  const constants = new Map<string, string>();
  const aliases: Array<[string, string]> = [];
  const helpers: UrlNames['helpers'] = new Map();
  for (const file of paths) {
    const code = files.read(file);
    for (const [, name = '', value = ''] of code.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = ['`](\/[^'`$\s]*)['`];/g))
      constants.set(name, value);
    for (const [, name = '', other = ''] of code.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = ([A-Z][A-Z0-9_]*);/g))
      aliases.push([name, other]);
    for (const [, name = '', params = '', template = ''] of code.matchAll(
      /\bconst (\w+) = \(([^()]*)\) =>\s*`([^`]*)`;/g,
    ))
      helpers.set(name, { params: params.split(',').map((param) => /^\s*(\w+)/.exec(param)?.[1] ?? ''), template });
  }
  for (const [name, other] of aliases) {
    const value = constants.get(other);
    if (value) constants.set(name, value);
  }
  return { constants, helpers };
}

/**
 * The code with its URLs written out: `${CLIENTS_KEY}/${id}` reads `/api/clients/${id}`, `actionUrl(id, 'skip')`
 * reads `` `/api/outgoing/${encodeURIComponent(id)}/skip` ``. A mutation's cache key (`useApiMutation('POST …'`) is
 * a label, not a request, and is left out.
 */
function spelledOut(code: string, { constants, helpers }: UrlNames): string {
  const withConstants = (text: string) =>
    text.replace(/(\$\{)?(?<!const )\b([A-Z][A-Z0-9_]*)\b(\})?/g, (whole, open?: string, name = '', close?: string) => {
      const value = constants.get(name);
      if (value === undefined) return whole;
      return open && close ? value : `${open ?? ''}'${value}'${close ?? ''}`;
    });
  const helperCall = new RegExp(
    String.raw`(\$\{)?\b(${[...helpers.keys()].join('|') || '(?!)'})\(((?:[^()]|\([^()]*\))*)\)(\})?`,
    'g',
  );
  return withConstants(code)
    .replace(helperCall, (whole, open: string | undefined, name: string, args: string, close: string | undefined) => {
      const helper = helpers.get(name);
      if (!helper) return whole;
      const values = args.split(/,(?![^()]*\))/).map((arg) => arg.trim());
      let url = withConstants(helper.template);
      helper.params.forEach((param, i) => {
        const literal = /^'([^']*)'$/.exec(values[i] ?? '')?.[1];
        if (param && literal !== undefined) url = url.split(`\${${param}}`).join(literal);
      });
      return open && close ? url : `${open ?? ''}\`${url}\`${close ?? ''}`;
    })
    .replace(/useApiMutation\(\s*(['"`])[^'"`]*\1/g, 'useApiMutation(');
}

/** A route's path as a pattern: `{id}` also matches `${…}` and `:id`; a longer path does not match. */
function pathPattern(path: string): string {
  const segments = path
    .split('/')
    .map((segment) =>
      /^\{\w+\}$/.test(segment)
        ? String.raw`(?:\{\w+\}|\$\{[^}\n]*\}|:\w+)`
        : segment.replace(/[.*+?^$()|[\]\\{}-]/g, '\\$&'),
    );
  return String.raw`(?<![\w/.-])${segments.join('/')}(?![\w/{$-])`;
}

/** A request in code: `api.post<T>('/path'`, or for a GET also `useSWR<T>(cond ? '/path'`. */
function requestPattern(route: Route): RegExp {
  const call = String.raw`\.${route.method.toLowerCase()}\s*(?:<[^()]*?>)?\(\s*['"\`]`;
  const read = String.raw`\buseSWR\w*\s*(?:<[^()]*?>)?\(\s*(?:[^,'"\`()]*\?\s*)?['"\`]`;
  return new RegExp(`(?:${call}${route.method === 'GET' ? `|${read}` : ''})${pathPattern(route.path)}`);
}

/** A web file that may call routes: a feature's `api/` file, a `lib/` file or a page, with its URLs spelled out. */
type WebCode = { file: string; kind: 'api' | 'lib' | 'page'; text: string; comments: string; opening: string };

const isCommentLine = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** A caller file's text with its URLs spelled out, its comment lines and its opening comment (before any code). */
function webCode(file: string, code: string): WebCode {
  const lines = code.split('\n');
  const firstCode = lines.findIndex((line) => line.trim() !== '' && !isCommentLine(line));
  const kind = file.startsWith('web/src/app/routes/') ? 'page' : file.startsWith('web/src/lib/') ? 'lib' : 'api';
  return {
    file,
    kind,
    text: code,
    comments: lines.filter(isCommentLine).join('\n'),
    opening: lines.slice(0, firstCode === -1 ? lines.length : firstCode).join('\n'),
  };
}

/** Top-level declarations, each with its text up to the next one. */
function declarations(code: string): Array<{ name: string; exported: boolean; text: string }> {
  const starts = [
    ...code.matchAll(/^(export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm),
  ];
  return starts.map((start, i) => ({
    name: start[2] ?? '',
    exported: Boolean(start[1]),
    text: code.slice(start.index, starts[i + 1]?.index ?? code.length),
  }));
}

/** The exported names of a file whose code (or a helper of the same file it uses) matches `pattern`. */
function exportsMatching(code: string, pattern: RegExp): Set<string> {
  const all = declarations(code);
  const matching = new Set(all.filter(({ text }) => pattern.test(text)).map(({ name }) => name));
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, text } of all) {
      if (!matching.has(name) && [...matching].some((other) => new RegExp(`\\b${other}\\b`).test(text))) {
        matching.add(name);
        grew = true;
      }
    }
  }
  return new Set(all.filter(({ exported, name }) => exported && matching.has(name)).map(({ name }) => name));
}

const ANY_REQUEST = /\bapi\s*\.\s*(get|post|put|patch|delete)\b|\buseSWR\w*\s*[<(]/;

/** A web file that calls a route, and the names it exports that make the call (none: the file is a page). */
type Caller = { file: string; entryPoints: Set<string> };

/**
 * Which web files call the route: a feature's `api/` file naming it as `METHOD /path` (in a comment or a string), or
 * by its path alone in a comment when the path has this one method; a `lib/` file naming it in its opening comment;
 * any of these or a page making the request in code.
 */
function callersOf(route: Route, code: readonly WebCode[], methodsOfPath: number): Caller[] {
  const path = new RegExp(pathPattern(route.path));
  const named = new RegExp(String.raw`\b${route.method}\s+(?:\/\/\s+)?${path.source}`);
  const request = requestPattern(route);
  const found: Caller[] = [];
  for (const { file, kind, text, comments, opening } of code) {
    if (!path.test(text)) continue;
    const inCode = request.test(text);
    const described =
      kind === 'api'
        ? named.test(text) || (methodsOfPath === 1 && path.test(comments))
        : kind === 'lib' && named.test(opening);
    if (!inCode && !described) continue;
    const entryPoints = kind === 'page' ? new Set<string>() : exportsMatching(text, inCode ? request : ANY_REQUEST);
    found.push({ file, entryPoints });
  }
  return found;
}

// ---- The map ----

export type WebUse = { caller: string; feature: string | null; pages: Page[] };
export type RouteMapRow = { route: Route; server: ServerSide; web: WebUse[] };
export type FeatureRow = { feature: string; pages: Page[] };
export type RouteMap = { rows: RouteMapRow[]; features: FeatureRow[] };

const featureOf = (file: string) => /^web\/src\/features\/([\w-]+)\//.exec(file)?.[1] ?? null;

export function routeMap(root = ROOT): RouteMap {
  const files = source(root);
  const webFiles = listFiles(root, 'web/src').filter((file) => !/^web\/src\/(testing|sw)\//.test(file));
  const callerFiles = webFiles.filter((file) =>
    /^web\/src\/(features\/[\w-]+\/api\/[\w-]+\.ts|lib\/.*|app\/routes\/.*)$/.test(file),
  );
  const names = urlNames(files, callerFiles);
  const callerCode = callerFiles.map((file) => webCode(file, spelledOut(files.read(file), names)));
  const pages = webPages(root, files).map((page) => ({ page, loads: loadedBy(files, page.file) }));
  const importers = new Map<string, Array<{ file: string; names: ReadonlySet<string> | 'all' }>>();
  for (const file of webFiles) {
    for (const imported of files.importsOf(file)) {
      importers.set(imported.file, [...(importers.get(imported.file) ?? []), { file, names: imported.names }]);
    }
  }
  /** The pages that load a file importing one of the caller's entry points (or the caller itself, a page). */
  const pagesCalling = ({ file, entryPoints }: Caller): Page[] => {
    const users = entryPoints.size
      ? (importers.get(file) ?? [])
          .filter(({ names: used }) => used === 'all' || [...used].some((name) => entryPoints.has(name)))
          .map((importer) => importer.file)
      : [file];
    return pages.filter(({ loads }) => users.some((user) => loads.has(user))).map(({ page }) => page);
  };
  const rows = routes.map((route) => ({
    route,
    server: serverSide(root, files, route),
    web: callersOf(route, callerCode, routes.filter((other) => other.path === route.path).length).map((caller) => ({
      caller: caller.file,
      feature: featureOf(caller.file),
      pages: pagesCalling(caller),
    })),
  }));
  const features = readdirSync(join(root, 'web/src/features'))
    .sort()
    .map((feature) => ({
      feature,
      pages: pages
        .filter(({ loads }) => [...loads].some((file) => featureOf(file) === feature))
        .map(({ page }) => page),
    }));
  return { rows, features };
}

// ---- The sections ----

const code = (text: string) => `\`${text}\``;
const names = (values: readonly string[]) => (values.length ? values.map(code).join(', ') : '—');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/**
 * The pages' URLs, the signed-in shell first. `collapse`: what the shell calls, every signed-in page calls, so they go
 * unnamed; otherwise (a feature the shell loads) the pages that load it themselves are named too.
 */
function pagesText(pages: readonly Page[], collapse: boolean): string {
  const shell = pages.some((page) => page.shell);
  const urls = sorted(
    pages.filter((page) => !page.shell && !(collapse && shell && page.signedIn)).map((page) => page.url),
  );
  const shellText = collapse ? 'all signed-in pages' : 'the signed-in shell';
  return [...(shell ? [shellText] : []), ...urls.map(code)].join(', ') || 'no page';
}

function webText(uses: readonly WebUse[]): string {
  if (!uses.length) return 'API-only';
  const pages = pagesText(
    uses.flatMap((use) => use.pages),
    true,
  );
  return `${pages} (${sorted(uses.map((use) => use.feature ?? use.caller.replace(/^web\/src\//, ''))).join(', ')})`;
}

export function renderSection(name: SectionName, map: RouteMap): string {
  if (name === 'web-features') {
    return [
      row(['feature (`web/src/features/`)', 'pages that load it']),
      '|---|---|',
      ...map.features.map(({ feature, pages }) => row([code(feature), pagesText(pages, false)])),
    ].join('\n');
  }
  const apiOnly = map.rows.filter(({ web }) => !web.length).length;
  return [
    `${map.rows.length} routes, ${apiOnly} of them API-only. Handler: \`functions/handlers/<handler>.ts\`; use cases: the`,
    '`functions/services/` modules it imports; data: the `functions/data/` modules it and those use cases import (and',
    '`client-record`, the client record, `functions/client-record/`); web: the pages that call the route, then the',
    'features (or files) whose code does.',
    '',
    row(['route', 'handler', 'use cases', 'data', 'web']),
    '|---|---|---|---|---|',
    ...map.rows.map(({ route, server, web }) =>
      row([
        code(`${route.method} ${route.path}`),
        code(route.handler),
        names(server.useCases),
        names(server.data),
        webText(web),
      ]),
    ),
  ].join('\n');
}

const markers = (name: SectionName) => ({ start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` });

/** The text between a section's markers, or null when the doc lacks them. */
export function readSection(doc: string, name: SectionName): string | null {
  const { start, end } = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from === -1 || to < from
    ? null
    : doc
        .slice(from + start.length, to)
        .replace(/^\n/, '')
        .replace(/\n$/, '');
}

export function replaceSection(doc: string, name: SectionName, body: string): string {
  const { start, end } = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${DOC} has no ${start} … ${end} markers`);
  return `${doc.slice(0, from + start.length)}\n${body}\n${doc.slice(to)}`;
}

if (require.main === module) {
  const map = routeMap();
  const file = join(ROOT, DOC);
  if (process.argv.includes('--write')) {
    const doc = SECTIONS.reduce(
      (text, name) => replaceSection(text, name, renderSection(name, map)),
      readFileSync(file, 'utf8'),
    );
    writeFileSync(file, doc);
  } else {
    process.stdout.write(SECTIONS.map((name) => renderSection(name, map)).join('\n\n') + '\n');
  }
}
