// Builds everything with esbuild: the web app (code-split ESM), one Lambda bundle per route in
// functions/routes.ts, and the local runtime. `node scripts/build.mjs [web] [lambdas] [local]`;
// no argument builds web and local (what `npm start` needs).
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
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

/** The signed-in shell, parent route of every signed-in page (web/src/app/router.tsx). */
const SIGNED_IN_SHELL = 'web/src/app/routes/app/root.tsx';
/** The signed-in pages a visit most often starts on (the dashboard, Today), whose code comes with the shell's. */
const SIGNED_IN_FIRST_SCREENS = ['web/src/app/routes/app/dashboard.tsx', 'web/src/app/routes/app/today.tsx'];

/**
 * The lazy route modules (web/src/app/router.tsx) each prerendered URL renders: its HTML preloads
 * their chunks with the entry's, since hydration waits for them. `/` is index.html, the signed-in
 * frame that the shell's chunk renders while the user loads, for every signed-in page; it preloads
 * the first screens too (their chunks reach the browser with the rest rather than after the user
 * is known and the page's route has been matched).
 */
const PRERENDERED_ROUTE_MODULES = {
  '/': [SIGNED_IN_SHELL, ...SIGNED_IN_FIRST_SCREENS],
  '/today': [SIGNED_IN_SHELL, ...SIGNED_IN_FIRST_SCREENS],
  '/auth': ['web/src/app/routes/auth.tsx'],
  '/find-realtor': ['web/src/app/routes/find-realtor.tsx'],
  '/client-registration': ['web/src/app/routes/client-registration.tsx'],
  '/reset-password': ['web/src/app/routes/reset-password.tsx'],
};

/**
 * esbuild splits shared code by the set of entry points that reach it (the entry, and every module
 * imported lazily), so what the entry loads would come in as many small files as there are
 * combinations of pages sharing each part: 20 requests before the first screen, each a round trip
 * on a slow phone. But no lazy module ever runs before the entry, so each is made to import the
 * app's root module (web/src/app/app.tsx) as well: everything the entry loads is then reached from
 * the same entry points and lands in one chunk (INITIAL_MODULES: app.tsx and the other modules
 * web/src/main.tsx imports that are not reached through app.tsx). At run time the added import is
 * of a module already evaluated; only the files change.
 *
 * The signed-in pages the same way, one level down: none runs before the signed-in shell
 * (web/src/app/routes/app/root.tsx, their parent route), so each imports the shell, and the shell
 * imports the first screens (SIGNED_IN_FIRST_SCREENS): the shell and those pages then come as a
 * few files rather than 50 to 90 (the icons, MUI parts and helpers each page shares with some
 * others, each its own file), which on a phone was more round trips than bytes. The parts of pages
 * loaded on demand (a dialog, a menu, a chart: lazy modules that are not routes) are all parts of
 * signed-in pages but PARTS_OF_EVERY_PAGE, so they import the shell too;
 * signedInPartsStayOutOfPublicPages checks that no public page loads one.
 */
const INITIAL_MODULES = ['web/src/app/app.tsx', 'web/src/app/first-reads.ts'];
/** Parts loaded on demand that every page may show, public ones too: they import the initial code only. */
const PARTS_OF_EVERY_PAGE = ['web/src/components/ui/new-version-snackbar.tsx'];

function initialCodeInOneChunk() {
  const webSrc = join(root, 'web/src');
  const initialModules = INITIAL_MODULES.map((module) => join(root, module));
  const shell = join(root, SIGNED_IN_SHELL);
  const signedInPages = join(dirname(shell), '/');
  const firstScreens = SIGNED_IN_FIRST_SCREENS.map((module) => join(root, module));
  const routes = join(webSrc, 'app/routes/');
  const partsOfEveryPage = new Set(PARTS_OF_EVERY_PAGE.map((module) => join(root, module)));
  const lazyModules = new Set();
  const importsOf = (path) => {
    if (path === shell) return [...initialModules, ...firstScreens];
    if (partsOfEveryPage.has(path)) return initialModules;
    if (path.startsWith(signedInPages) || !path.startsWith(routes)) return [...initialModules, shell];
    return initialModules;
  };
  return {
    name: 'initial-code-in-one-chunk',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'dynamic-import' && args.importer.startsWith(webSrc))
          lazyModules.add(resolve(args.resolveDir, args.path));
        return undefined;
      });
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (!lazyModules.has(args.path.replace(/\.tsx?$/, ''))) return undefined;
        const imports = importsOf(args.path).filter((module) => module !== args.path);
        return {
          contents: `${imports.map((module) => `import ${JSON.stringify(module)};\n`).join('')}${readFileSync(args.path, 'utf8')}`,
          loader: extname(args.path).slice(1),
        };
      });
    },
  };
}

/**
 * The build fails if a public page (a route outside the signed-in shell) loads, now or on demand, the
 * shell's code: initialCodeInOneChunk makes every part loaded on demand import the shell, right for
 * the parts of signed-in pages, but a public page's own would bring it the signed-in app.
 */
function signedInPartsStayOutOfPublicPages(metafile) {
  const outputs = metafile.outputs;
  const shellChunk = Object.keys(outputs).find((output) => outputs[output].inputs[SIGNED_IN_SHELL]);
  const signedInPages = `${dirname(SIGNED_IN_SHELL)}/`;
  for (const [output, { entryPoint }] of Object.entries(outputs)) {
    if (!entryPoint?.startsWith('web/src/app/routes/') || entryPoint.startsWith(signedInPages)) continue;
    const seen = new Set([output]);
    const walk = (from) => {
      for (const { path, kind } of outputs[from]?.imports ?? []) {
        // Not the other pages the router loads: only this page's code and the parts it loads on demand.
        if (kind === 'dynamic-import' && outputs[path]?.entryPoint?.startsWith('web/src/app/routes/')) continue;
        if (path === shellChunk)
          throw new Error(
            `${entryPoint} (a public page) loads the signed-in shell's code: a module it imports lazily imports the shell (scripts/build.mjs, initialCodeInOneChunk)`,
          );
        if (!seen.has(path) && outputs[path]) {
          seen.add(path);
          walk(path);
        }
      }
    };
    walk(output);
  }
}

/** A string for String.replace that is taken as it is (no `$&` patterns). */
const literally = (value) => () => value;

/**
 * The web app: hashed, code-split ESM chunks under dist/web/assets, and its HTML prerendered
 * (web/src/prerender.tsx, bundled for Node and run here): dist/web/index.html, the signed-in frame
 * every other path gets, and dist/web/<page>/index.html for each page of shared/prerendered-pages.ts.
 * Each holds the page's markup in #root, the CSS that markup uses, and modulepreloads for the
 * chunks that hydrate it.
 */
export async function buildWeb({ outdir = join(root, 'dist/web') } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(join(outdir, 'assets'), { recursive: true });
  const loader = { '.svg': 'file', '.png': 'file', '.woff2': 'file' };
  const define = { 'process.env.NODE_ENV': '"production"' };
  const [result, renderer] = await Promise.all([
    esbuild.build({
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
      define,
      loader,
      metafile: true,
      logLevel: 'warning',
      plugins: [initialCodeInOneChunk()],
    }),
    // The same app for Node, to render the HTML (React's server renderer requires Node's modules).
    importBundle(join(root, 'web/src/prerender.tsx'), {
      jsx: 'automatic',
      define,
      loader,
      target: 'node20',
      banner: nodeBanner,
      legalComments: 'none',
    }),
  ]);
  signedInPartsStayOutOfPublicPages(result.metafile);
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((output) => outputs[output].entryPoint?.endsWith('web/src/main.tsx'));
  if (!entry) throw new Error('web build produced no entry chunk');
  const chunkOf = (source) => {
    const found = Object.keys(outputs).find((output) => outputs[output].entryPoint === source);
    if (!found) throw new Error(`the web build has no chunk for ${source}`);
    return found;
  };
  const asUrl = (output) => `/${output.slice(output.indexOf('assets/'))}`;
  const template = readFileSync(join(root, 'web/index.html'), 'utf8').replace('%MAIN_SCRIPT%', asUrl(entry));

  for (const url of ['/', ...renderer.PRERENDERED_PAGES]) {
    const modules = PRERENDERED_ROUTE_MODULES[url];
    if (!modules)
      throw new Error(`scripts/build.mjs does not know the route modules ${url} renders (PRERENDERED_ROUTE_MODULES)`);
    // Every chunk the entry and the page's route modules import statically, preloaded: the browser
    // fetches them in parallel instead of discovering them one import level at a time.
    const preloads = new Set(staticImports(result.metafile, entry));
    for (const module of modules) {
      const chunk = chunkOf(module);
      preloads.add(chunk);
      for (const output of staticImports(result.metafile, chunk)) preloads.add(output);
    }
    preloads.delete(entry);
    const page = await renderer.renderPage(url);
    let html = template
      .replace(
        '%MODULE_PRELOADS%',
        literally([...preloads].map((output) => `<link rel="modulepreload" href="${asUrl(output)}" />`).join('\n    ')),
      )
      .replace('%PAGE_STYLES%', literally(page.styles))
      .replace('%PRERENDERED_AT%', literally(url))
      .replace('%PAGE_MARKUP%', literally(page.html));
    if (page.title) html = html.replace(/<title>[^<]*<\/title>/, literally(page.title));
    const file = join(outdir, renderer.htmlFileFor(url));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  if (existsSync(join(root, 'web/public'))) cpSync(join(root, 'web/public'), outdir, { recursive: true });
  writeFileSync(join(outdir, renderer.WEB_MANIFEST_PATH.slice(1)), JSON.stringify(renderer.webManifest, null, 2));
  await buildServiceWorker(outdir);
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  return result.metafile;
}

/** Every file of the web build, relative to its directory, with `/` separators. */
function filesUnder(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/**
 * dist/web/sw.js from web/src/sw/sw.ts, with the list of files it precaches in `self.__WB_MANIFEST`
 * (Workbox's injectManifest): the hashed bundles under assets/ by name alone (their name changes with
 * their content), every other file with a hash of its content, so a new build's service worker
 * differs from the old one exactly when something it serves does.
 */
async function buildServiceWorker(outdir) {
  const entries = filesUnder(outdir)
    .filter((file) => file !== 'meta.json' && file !== 'sw.js')
    .sort()
    .map((file) =>
      file.startsWith('assets/')
        ? { url: `/${file}`, revision: null }
        : {
            url: `/${file}`,
            revision: createHash('md5')
              .update(readFileSync(join(outdir, file)))
              .digest('hex'),
          },
    );
  await esbuild.build({
    entryPoints: [join(root, 'web/src/sw/sw.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2022', 'chrome110', 'safari16', 'firefox110'],
    outfile: join(outdir, 'sw.js'),
    define: { 'process.env.NODE_ENV': '"production"', 'self.__WB_MANIFEST': JSON.stringify(entries) },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/**
 * One ESM bundle per Lambda (AWS SDK included: faster cold starts than the runtime's SDK):
 * dist/functions/<slug>/index.mjs.
 */
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
  const { routes } = await importBundle(join(root, 'functions/routes.ts'));
  const { jobs = [] } = existsSync(join(root, 'functions/jobs/jobs.ts'))
    ? await importBundle(join(root, 'functions/jobs/jobs.ts'))
    : {};
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

/** Loads a TypeScript module (the route table, the prerenderer) by bundling it for Node into dist/.cache. */
async function importBundle(file, options = {}) {
  const out = join(root, 'dist/.cache', `${createHash('sha1').update(file).digest('hex')}.mjs`);
  await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
    ...options,
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/**
 * The templates the local runtime and the tests run as (PREPARED_DEPLOYS in functions/local/twin/template-dir.ts:
 * cdk.out/twin, the test deploy's and the test deploy configured), synthesized beside the local build when missing or
 * stale, so neither `npm start` without settings nor the first test pays for it; a no-op on a warm checkout.
 */
function synthesizeTwin() {
  const code = "require('./functions/local/twin/template-dir.ts').synthesizeTwinTemplates()";
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), '-e', code], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('close', (status) => (status === 0 ? done() : fail(new Error('Synthesizing cdk.out/twin failed'))));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const want = (t) => (targets.length === 0 ? t !== 'lambdas' : targets.includes(t));
  const started = Date.now();
  if (want('web')) await buildWeb();
  if (want('lambdas')) await buildLambdas();
  if (want('local')) await Promise.all([buildLocal(), synthesizeTwin()]);
  console.log(`Built ${targets.length ? targets.join(', ') : 'web, local'} in ${Date.now() - started} ms`);
}
