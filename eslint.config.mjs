// ESLint 9 flat config: typescript-eslint's recommended rules everywhere, React hooks and jsx-a11y for the web app,
// import rules that hold the layers of docs/architecture.md (relative paths and the `@shared/`, `@/` aliases alike),
// 350 lines at most in a data module, and a 120-column limit. Formatting is Prettier's: eslint-config-prettier turns
// off the rules it owns, and `npm run lint` runs `prettier --check` after ESLint.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * `@mui/icons-material`'s index re-exports its 10,751 icons: each icon is imported from its own module
 * (`@mui/icons-material/AddRounded`), so a page's chunk carries the icons it draws and esbuild reads no others.
 */
const ICONS_INDEX = {
  name: '@mui/icons-material',
  message: "Import each icon from its own module: `import AddRounded from '@mui/icons-material/AddRounded'`.",
};
/**
 * One `no-restricted-imports` setting: each entry forbids import paths matching `regex`. Every setting forbids the
 * icons' index too (the last block naming a file replaces the earlier ones' settings).
 */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { paths: [ICONS_INDEX], patterns }] });
/** Tests may import across a boundary to arrange a case; the rules hold the code that ships. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

// Web features do not import each other: what two features share lives in web/src/lib or
// web/src/components. Relative paths are matched as written, so each feature gets one block per
// folder depth: from features/<f>/<dir>/x.ts, `../../<g>/...` is feature <g>.
const FEATURES_DIR = 'web/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.flatMap((feature) => {
  const message = `Feature '${feature}' must not import another feature: move what both use to web/src/lib or web/src/components.`;
  // Through the alias (`@/features/<g>/...`) from anywhere in the feature.
  const aliased = { regex: `^@/features/(?!${feature}/)`, message };
  return [1, 2, 3].map((depth) => ({
    files: [`${FEATURES_DIR}/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: TESTS,
    rules: restrictImports({ regex: `^(\\.\\./){${depth}}(?!${feature}/)[\\w-]+(/|$)`, message }, aliased),
  }));
});

// Below the HTTP edge (functions/services, data, domain, integrations, jobs) code speaks the domain: a refusal is a
// value (functions/domain/refusals.ts) that the handler answers, so nothing there imports functions/http, however the
// path is spelled. Relative paths are matched as written, so each folder depth gets one block, in which `depth` times
// `../` (with any `./` or `name/../` between) reach functions/; `functions/http` anywhere in a path is refused at every
// depth. functions/domain's block also keeps its rules pure (one `no-restricted-imports` setting per file: the last
// block naming a file replaces the earlier ones).
const HTTP_MESSAGE =
  'functions/services, data, domain, integrations and jobs import nothing of functions/http: return a refusal value (functions/domain/refusals.ts) and let the handler answer it.';
const NO_STEP = '(?:\\./|(?!\\.\\.?/)[^/]+/\\.\\./)*';
/** Imports of functions/<one of `folders`> from a file `depth` folders below functions/, however spelled. */
const functionsFolderImports = (depth, folders, message) => [
  { regex: `^${NO_STEP}(?:\\.\\./${NO_STEP}){${depth}}(?:${folders.join('|')})(?:/|$)`, message },
  { regex: `(?:^|/)functions/(?:${folders.join('|')})(?:/|$)`, message },
];
const httpImports = (depth) => functionsFolderImports(depth, ['http'], HTTP_MESSAGE);
const DOMAIN_PURE = {
  regex: '^\\.\\./(data|integrations|services)(/|$)',
  message: 'functions/domain holds pure rules: it imports no data, integrations, http or services.',
};
const HTTP_NO_DATA = {
  regex: '^\\.\\./data(/|$)',
  message:
    'functions/http is middleware: it imports no data (use cases that read or write live in functions/services).',
};
// No arrow runs back up the layers (docs/architecture.md, Layers): the layers the jobs call (data, domain,
// integrations, services, lib, http) import nothing of functions/jobs, handlers or local (the local runtime), the jobs
// nothing of handlers or local; and nothing in functions/ imports infra/, which deploys it (infra/ may import
// functions/, never the reverse). What both sides need moves down to where both may read it.
const UPWARD_MESSAGE =
  'No import runs back up the layers: functions/data, domain, integrations, services, lib and http import nothing of functions/jobs, handlers or local, and jobs nothing of handlers or local. Move what both need down (functions/domain, functions/lib, an integration or shared/).';
const INFRA_MESSAGE =
  'functions/ imports nothing of infra/, which deploys it: move what both need into functions/ (functions/lib, or the module that owns it), which infra/ may import.';
const layersAbove = (layer) => (layer === 'jobs' ? ['handlers', 'local'] : ['jobs', 'handlers', 'local']);
/** infra/ from a file `depth` folders below functions/: one `../` more than functions/ itself. */
const infraImports = (depth) => ({
  regex: `^${NO_STEP}(?:\\.\\./${NO_STEP}){${depth + 1}}infra(?:/|$)`,
  message: INFRA_MESSAGE,
});
// Every file of functions/ (the layers' blocks after these repeat the rule, since each replaces this setting).
const functionsBoundaries = [0, 1, 2, 3].map((depth) => ({
  files: [`functions/${'*/'.repeat(depth)}*.ts`],
  ignores: TESTS,
  rules: restrictImports(infraImports(depth)),
}));
// The client record (functions/client-record/: the one writer of the client item and of everything derived from it)
// is a floor between the use cases and the data: only functions/services call it (and the seed, the test helpers and
// scripts, which are no layer); handlers, jobs, http, lib, integrations, domain and data import nothing of it, however
// the path is spelled. It stands on data, domain, lib and shared/, and imports nothing above them.
const RECORD_MESSAGE =
  'Only use cases (functions/services) call the client record (functions/client-record): call a use case, or add one.';
const RECORD_FLOOR_MESSAGE =
  'functions/client-record stands on functions/data, domain, lib and shared/: it imports nothing of services, handlers, jobs, http, local or integrations.';
const recordImports = (depth) => functionsFolderImports(depth, ['client-record'], RECORD_MESSAGE);
const recordBoundaries = [1, 2, 3].flatMap((depth) => [
  {
    files: [`functions/handlers/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: TESTS,
    rules: restrictImports(...recordImports(depth), infraImports(depth)),
  },
  {
    files: [`functions/client-record/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: TESTS,
    rules: {
      ...restrictImports(
        ...functionsFolderImports(
          depth,
          ['services', 'handlers', 'jobs', 'http', 'local', 'integrations'],
          RECORD_FLOOR_MESSAGE,
        ),
        infraImports(depth),
      ),
      // The data layer's measure (below): a file that outgrows it is split along its concepts.
      'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }],
    },
  },
]);
// One way to refuse (docs/architecture.md, Layers): a handler returns a refusal value and its `refusals:` table answers
// it; it never throws an HTTP error (an HttpError, one a function makes, or a `Refused` of its own).
const HANDLER_THROWS_MESSAGE =
  "A handler throws no HTTP error: return a refusal value (functions/domain/refusals.ts, adding a kind if needed) and answer its kind in the handler's `refusals:` table.";
const handlerRefusals = {
  files: ['functions/handlers/**/*.ts'],
  ignores: TESTS,
  rules: {
    'no-restricted-syntax': [
      'error',
      ...[
        // `new HttpError(…)`, `new errors.HttpError(…)`, `new Refused(…)`, wherever in the thrown expression…
        'ThrowStatement NewExpression:matches([callee.name=/^(HttpError|Refused)$/], [callee.property.name=/^(HttpError|Refused)$/])',
        // …and what a function makes to be thrown: an http/errors.ts helper's (`throw notFound(…)`) or a handler's own
        // (`throw mergeRefusalAnswer(refusal)`, `throw ok ? a() : b()`). A handler throws only what it caught.
        'ThrowStatement > CallExpression',
        'ThrowStatement > :matches(ConditionalExpression, LogicalExpression) > CallExpression',
      ].map((selector) => ({ selector, message: HANDLER_THROWS_MESSAGE })),
    ],
  },
};
const BELOW_HTTP = ['services', 'data', 'domain', 'integrations', 'jobs'];
const layerBoundaries = [...BELOW_HTTP, 'lib', 'http'].flatMap((layer) =>
  [1, 2, 3].map((depth) => ({
    files: [`functions/${layer}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: TESTS,
    rules: restrictImports(
      ...(layer === 'domain' ? [DOMAIN_PURE] : []),
      ...(layer === 'http' ? [HTTP_NO_DATA] : []),
      ...(BELOW_HTTP.includes(layer) ? httpImports(depth) : []),
      ...functionsFolderImports(depth, layersAbove(layer), UPWARD_MESSAGE),
      ...(layer === 'services' ? [] : recordImports(depth)),
      infraImports(depth),
    ),
  })),
);

export default tseslint.config(
  { ignores: ['dist/', 'cdk.out/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog or single-purpose page focuses its first field (MUI components, not raw DOM).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // A component (or hook) that outgrows a screen is split into named pieces in its feature: a
    // sub-component, a hook, a pure helper. Tests are long lists of cases and are not held to it.
    files: ['web/src/**/*.tsx'],
    ignores: TESTS,
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests build fixtures loosely typed, and may wire layers together to arrange a case.
    files: ['**/*.test.{ts,tsx}', 'functions/testing/**', 'web/src/testing/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The few plain-JavaScript files run in Node (TypeScript checks the globals of the rest).
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', __filename: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Import boundaries (docs/architecture.md, Layers).
  { files: ['web/**/*.{ts,tsx}'], rules: restrictImports() },
  ...featureBoundaries,
  {
    files: ['web/src/{lib,components,theme,config}/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrictImports(
      ...['^(\\.\\./)+(features|app)(/|$)', '^@/(features|app)(/|$)'].map((regex) => ({
        regex,
        message: 'web/src/lib, components, theme and config sit below the features and pages: they import neither.',
      })),
    ),
  },
  {
    files: ['shared/**/*.ts'],
    ignores: TESTS,
    rules: restrictImports({
      regex: '^(\\.\\./)+(functions|web)(/|$)',
      message: 'shared/ is imported by the API and the web app and imports nothing of either.',
    }),
  },
  ...functionsBoundaries,
  ...layerBoundaries,
  ...recordBoundaries,
  handlerRefusals,
  {
    // A data module holds one entity or concern (docs/architecture.md, Layers): one that outgrows 350 lines, every line
    // counted, is split along its concepts (the item, its state changes, the items beside it), not cut at a line.
    files: ['functions/data/**/*.ts'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }] },
  },

  prettier,
  {
    // After eslint-config-prettier, which turns max-len off: Prettier breaks code at 120 columns but never a comment
    // or a string; comments wrap by hand, and a line that is long only for a string, a URL or a pattern is data.
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
