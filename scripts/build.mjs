// Builds everything with esbuild: the web app (code-split ESM), one Lambda bundle per route in
// functions/routes.ts, and the local runtime. `node scripts/build.mjs [web] [lambdas] [local]`;
// no argument builds web and local (what `npm start` needs).
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const nodeBanner = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

/** The outputs `start` imports statically, directly or through other chunks (not `start` itself). */
function staticImports(metafile, start) {
  const seen = new Set([start]);
  const walk = (output) => {
    for (const { path, kind } of metafile.outputs[output]?.imports ?? []) {
      if (kind !== 'import-statement' || seen.has(path) || !metafile.outputs[path]) continue;
      seen.add(path);
      walk(path);
    }
  };
  walk(start);
  seen.delete(start);
  return [...seen];
}

/** The web app: dist/web/index.html plus hashed, code-split ESM chunks under dist/web/assets. */
export async function buildWeb({ outdir = join(root, 'dist/web') } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(join(outdir, 'assets'), { recursive: true });
  const result = await esbuild.build({
    entryPoints: { main: join(root, 'web/src/main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: false,
    target: ['es2022', 'chrome110', 'safari16', 'firefox110'],
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[name]-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    metafile: true,
    logLevel: 'warning',
  });
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('web/src/main.tsx'));
  if (!entry) throw new Error('web build produced no entry chunk');
  const asUrl = (output) => `/${output.slice(output.indexOf('assets/'))}`;
  // Every chunk the entry imports statically, preloaded from the HTML: the browser fetches them in
  // parallel instead of discovering them one import level at a time.
  const preloads = staticImports(result.metafile, entry[0]).map((output) => `<link rel="modulepreload" href="${asUrl(output)}" />`);
  const html = readFileSync(join(root, 'web/index.html'), 'utf8')
    .replace('%MAIN_SCRIPT%', asUrl(entry[0]))
    .replace('%MODULE_PRELOADS%', preloads.join('\n    '));
  writeFileSync(join(outdir, 'index.html'), html);
  if (existsSync(join(root, 'web/public'))) cpSync(join(root, 'web/public'), outdir, { recursive: true });
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  return result.metafile;
}

/** One ESM bundle per Lambda (AWS SDK included: faster cold starts than the runtime's SDK): dist/functions/<slug>/index.mjs. */
export async function buildLambdas({ outdir = join(root, 'dist/functions'), entries } = {}) {
  const list = entries ?? (await lambdaEntries());
  rmSync(outdir, { recursive: true, force: true });
  const metafiles = {};
  for (const { slug, file } of list) {
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      minify: true,
      treeShaking: true,
      mainFields: ['module', 'main'],
      outfile: join(outdir, slug, 'index.mjs'),
      banner: nodeBanner,
      metafile: true,
      logLevel: 'warning',
      legalComments: 'none',
    });
    metafiles[slug] = result.metafile;
  }
  return metafiles;
}

/** Every route's handler and every job, as { slug, file }. */
export async function lambdaEntries() {
  const { routes } = await importTs(join(root, 'functions/routes.ts'));
  const { jobs = [] } = existsSync(join(root, 'functions/jobs/jobs.ts')) ? await importTs(join(root, 'functions/jobs/jobs.ts')) : {};
  return [
    ...routes.map((r) => ({ slug: r.handler, file: join(root, 'functions/handlers', `${r.handler}.ts`) })),
    ...jobs.map((j) => ({ slug: `jobs/${j.name}`, file: join(root, 'functions/jobs', `${j.name}.ts`) })),
  ];
}

/** The local server loads handlers with a glob import; the tests beside them are not part of it. */
const skipTests = {
  name: 'skip-tests',
  setup(build) {
    build.onLoad({ filter: /\.test\.tsx?$/ }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** The local runtime: dist/local/server.mjs (the emulators stay external: they load native code). */
export async function buildLocal({ outdir = join(root, 'dist/local') } = {}) {
  await esbuild.build({
    entryPoints: { server: join(root, 'functions/local/main.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    banner: nodeBanner,
    packages: 'external',
    plugins: [skipTests],
    logLevel: 'warning',
  });
}

/** Loads a small TypeScript module (the route table) by compiling it on the fly. */
async function importTs(file) {
  const out = join(root, 'dist/.cache', `${createHash('sha1').update(file).digest('hex')}.mjs`);
  await esbuild.build({ entryPoints: [file], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'warning' });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const want = (t) => (targets.length === 0 ? t !== 'lambdas' : targets.includes(t));
  const started = Date.now();
  if (want('web')) await buildWeb();
  if (want('lambdas')) await buildLambdas();
  if (want('local')) await buildLocal();
  console.log(`Built ${targets.length ? targets.join(', ') : 'web, local'} in ${Date.now() - started} ms`);
}
