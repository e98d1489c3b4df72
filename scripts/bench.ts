// `npm run bench`: the figures DESIGN §9 asks for, measured in one run on this machine and written
// to bench/report.md and bench/report.json. Latencies are reported as ratios to the raw DynamoDB call
// on the same emulator; no figure here is typed in by hand.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FREE_CLIENT_LIMIT } from '../shared/constants';
import { createClient } from '../functions/data/clients';
import { db, table } from '../functions/data/db';
import { agentPartition, userKey } from '../functions/data/keys';
import { setProStatus } from '../functions/data/users';
import { routes } from '../functions/routes';
import { signedInAgent, startTestApi, type ApiClient } from '../functions/testing/local-api';
import { benchAdmin } from './bench-admin';
import { benchRemindersJob } from './bench-reminders';

const root = resolve(__dirname, '..');
const outDir = join(root, 'bench');
const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const lines: string[] = ['# Benchmark report', '', `Run ${report.date} on Node ${process.version}, ${require('node:os').cpus().length} cores. Produced by \`npm run bench\`.`, ''];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
}

async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) await fn(i); // warm-up
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

function importTime(file: string): number {
  const script = `const t=process.hrtime.bigint();await import(${JSON.stringify(file)});console.log(Number(process.hrtime.bigint()-t)/1e6)`;
  const runs = Array.from({ length: 5 }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } }).toString().trim()));
  return percentile(runs, 50);
}

async function bundles(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const common = { bundle: true, platform: 'node' as const, format: 'esm' as const, target: 'node20', minify: true, legalComments: 'none' as const, mainFields: ['module', 'main'], banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" }, logLevel: 'error' as const };
  const floorEntry = join(dir, 'floor.mjs');
  writeFileSync(floorEntry, "import middy from '@middy/core';import { DynamoDBClient } from '@aws-sdk/client-dynamodb';import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';const c=DynamoDBDocumentClient.from(new DynamoDBClient({}));export const handler=middy().handler(async()=>c.send(new GetCommand({TableName:'t',Key:{pk:'a'}})));");
  await esbuild.build({ ...common, entryPoints: [floorEntry], outfile: join(dir, 'floor', 'index.mjs'), nodePaths: [join(root, 'node_modules')], absWorkingDir: root });
  const floorFile = join(dir, 'floor', 'index.mjs');
  const floor = { bytes: statSync(floorFile).size, gzip: gzipSync(readFileSync(floorFile)).length, importMs: importTime(floorFile) };
  const rows: Array<Record<string, unknown>> = [];
  for (const route of routes) {
    const outfile = join(dir, route.handler, 'index.mjs');
    await esbuild.build({ ...common, entryPoints: [join(root, 'functions/handlers', `${route.handler}.ts`)], outfile });
    const bytes = statSync(outfile).size;
    const ms = importTime(outfile);
    rows.push({ handler: route.handler, kb: kb(bytes), gzipKb: kb(gzipSync(readFileSync(outfile)).length), sizeRatio: ratio(bytes, floor.bytes), importMs: ms, importRatio: ratio(ms, floor.importMs) });
  }
  report.bundles = { floor: { kb: kb(floor.bytes), gzipKb: kb(floor.gzip), importMs: floor.importMs }, handlers: rows };
  lines.push('## Lambda bundles', '', `Floor: a bare bundle of middy + the DynamoDB document client, ${kb(floor.bytes)} KB minified (${kb(floor.gzip)} KB gzip), imported in ${floor.importMs} ms. Targets: size and import time ≤ 1.2× the floor.`, '');
  lines.push('| handler | KB | gzip KB | × floor size | import ms | × floor import |', '|---|---:|---:|---:|---:|---:|');
  for (const r of rows) lines.push(`| ${r.handler} | ${r.kb} | ${r.gzipKb} | ${r.sizeRatio} | ${r.importMs} | ${r.importRatio} |`);
  const worst = rows.reduce((a, b) => ((a.sizeRatio as number) > (b.sizeRatio as number) ? a : b));
  lines.push('', `Largest relative to the floor: ${worst.handler} at ${worst.sizeRatio}×.${(worst.sizeRatio as number) > 1.2 ? ' Over the 1.2× target: the shared HTTP stack (yup, jose, the security headers) and, for some routes, extra SDK clients (S3, SES, Secrets Manager) sit on top of the floor; splitting yup schemas per route and loading the Secrets Manager client only when SESSION_SECRET_ARN is set would reach it.' : ''}`, '');
  rmSync(dir, { recursive: true, force: true });
}

function webSizes(): void {
  const metaFile = join(root, 'dist/web/meta.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, { imports: Array<{ path: string; kind: string }>; entryPoint?: string; bytes: number }> };
  const gz = (path: string) => gzipSync(readFileSync(join(root, path))).length;
  const staticClosure = (start: string) => {
    const seen = new Set<string>();
    const walk = (p: string) => {
      if (seen.has(p)) return;
      seen.add(p);
      for (const i of meta.outputs[p]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
    };
    walk(start);
    return [...seen];
  };
  const entry = Object.keys(meta.outputs).find((k) => meta.outputs[k]!.entryPoint?.endsWith('web/src/main.tsx'))!;
  const initial = staticClosure(entry);
  const initialGz = initial.reduce((s, p) => s + gz(p), 0);
  const lazy = Object.keys(meta.outputs).filter((k) => k.endsWith('.js') && !initial.includes(k));
  const lazyRows = lazy.map((k) => ({ chunk: k.replace(/^.*assets\//, ''), gzipKb: kb(staticClosure(k).filter((p) => !initial.includes(p)).reduce((s, p) => s + gz(p), 0)) })).sort((a, b) => b.gzipKb - a.gzipKb);
  report.web = { initialGzipKb: kb(initialGz), lazy: lazyRows };
  lines.push('## Web', '', `Initial JavaScript (entry and its static imports, gzip): **${kb(initialGz)} KB** — what /auth loads before its lazy page chunk (target ≤ 170 KB).`, '', '| lazy chunk (with what it adds) | gzip KB |', '|---|---:|');
  for (const r of lazyRows.slice(0, 25)) lines.push(`| ${r.chunk} | ${r.gzipKb} |`);
  lines.push('');
}

async function api(): Promise<void> {
  const testApi = await startTestApi();
  try {
    const { client, user } = await signedInAgent(testApi);
    await setProStatus(user.id, true);
    const seedStart = performance.now();
    const total = 5000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const i = next++;
          await createClient(user.id, { name: `Client ${i}`, email: `c${i}@bench.test`, phone: '(512) 555-0100', birthday: `19${String(50 + (i % 49)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` });
        }
      }),
    );
    const seedMs = performance.now() - seedStart;
    const doc = db();
    const rawGet = await time(200, () => doc.send(new GetCommand({ TableName: table(), Key: userKey(user.id) })));
    const rawQuery = await time(20, async () => {
      let key: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': agentPartition(user.id) }, ExclusiveStartKey: key }));
        key = page.LastEvaluatedKey;
      } while (key);
    });
    const http = (c: ApiClient) => ({
      user: () => time(200, () => c.get('/api/user')),
      list: () => time(20, () => c.get('/api/clients')),
      create: () => time(100, (i) => c.post('/api/clients', { name: `New ${i}`, email: `new${i}-${Date.now()}@bench.test`, phone: '(512) 555-0199' })),
    });
    const h = http(client);
    const userLat = await h.user();
    const listLat = await h.list();
    const createLat = await h.create();
    const csv = `name,email,phone\n${Array.from({ length: 1000 }, (_, i) => `Imported ${i},imp${i}@bench.test,5125550${String(100 + (i % 900))}`).join('\n')}\n`;
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([csv], { type: 'text/csv' }), 'import.csv');
      return f;
    };
    const importStart = performance.now();
    const imported = await client.request('POST', '/api/clients/import', { body: form() });
    const importMs = performance.now() - importStart;
    const rows = [
      { route: 'GET /api/user', p50: percentile(userLat, 50), p99: percentile(userLat, 99), raw: 'GetItem', rawP50: percentile(rawGet, 50) },
      { route: `GET /api/clients (${total} clients)`, p50: percentile(listLat, 50), p99: percentile(listLat, 99), raw: `Query through ${total} items`, rawP50: percentile(rawQuery, 50) },
      { route: 'POST /api/clients', p50: percentile(createLat, 50), p99: percentile(createLat, 99), raw: 'GetItem', rawP50: percentile(rawGet, 50) },
    ].map((r) => ({ ...r, p50Ratio: ratio(r.p50, r.rawP50), p99Ratio: ratio(r.p99, r.rawP50) }));
    report.api = { seed: { clients: total, ms: Math.round(seedMs) }, rows, import: { rows: 1000, ms: Math.round(importMs), status: imported.status, result: imported.body } };
    lines.push('## API through the local HTTP server', '', `An agent with ${total} clients (seeded in ${Math.round(seedMs)} ms through the data layer). Raw floor: the same DynamoDB call from this process on the same emulator. The free plan cap (${FREE_CLIENT_LIMIT}) does not apply: the agent is Pro.`, '');
    lines.push('| route | p50 ms | p99 ms | raw call | raw p50 ms | p50 × raw | p99 × raw |', '|---|---:|---:|---|---:|---:|---:|');
    for (const r of rows) lines.push(`| ${r.route} | ${r.p50} | ${r.p99} | ${r.raw} | ${r.rawP50} | ${r.p50Ratio} | ${r.p99Ratio} |`);
    lines.push('', `CSV import of 1,000 new rows: ${Math.round(importMs)} ms (status ${imported.status}, ${(imported.body as { imported?: number }).imported ?? '?'} imported).`, '');
    lines.push('POST /api/clients makes several conditional writes (plan slot, e-mail lock, the client, counters, milestones), so its ratio to one GetItem is expected to be several times; the list is one paginated Query plus JSON.', '');
  } finally {
    await testApi.close();
  }
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'warn';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  await bundles();
  webSizes();
  await api();
  const admin = await benchAdmin();
  lines.push(...admin.lines);
  report.admin = admin.report;
  const job = await benchRemindersJob();
  lines.push(...job.lines);
  report.remindersJob = job.report;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'report.md'), `${lines.join('\n')}\n`);
  writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${lines.join('\n')}\n\nWritten to bench/report.md and report.json\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
