// Jest transformer: esbuild compiles TypeScript/JSX (and the ESM-only packages Jest is told to
// transform) to CommonJS. esbuild is already the project's compiler, and its platform packages
// install from this registry (swc's do not, which breaks `npm ci`).
const { transformSync } = require('esbuild');
const { createHash } = require('node:crypto');

const SELF = createHash('sha1')
  .update(require('node:fs').readFileSync(__filename))
  .update(require('esbuild').version)
  .digest('hex');
const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx' };

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha1').update(SELF).update(filename).update('\0').update(source).digest('hex');
  },
  process(source, filename) {
    const extension = filename.slice(filename.lastIndexOf('.'));
    const result = transformSync(source, {
      loader: LOADERS[extension] ?? 'js',
      format: 'cjs',
      target: 'node20',
      platform: 'node',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcefile: filename,
      // Jest runs CommonJS: dynamic import() must become require() (Jest has no ESM loader here).
      supported: { 'dynamic-import': false },
      logLevel: 'silent',
      // An ESM package that reads its own URL (createRequire(import.meta.url)) gets its file's, as under Node.
      ...(source.includes('import.meta.url')
        ? {
            define: { 'import.meta.url': '__jestImportMetaUrl' },
            banner: "var __jestImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
          }
        : {}),
    });
    return { code: hoistJestMocks(result.code) };
  },
};

/**
 * Moves top-level `jest.mock(...)` calls above the module's requires, as babel-jest does, so a mock
 * is registered before the module under test loads. esbuild prints each top-level statement from
 * column 0 with its continuation lines indented, and closes a multi-line call at column 0.
 */
function hoistJestMocks(code) {
  if (!code.includes('\njest.mock(')) return code;
  const lines = code.split('\n');
  const mocks = [];
  const rest = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i].startsWith('jest.mock(')) {
      rest.push(lines[i]);
      continue;
    }
    const block = [lines[i]];
    while (!/\);\s*$/.test(block[block.length - 1]) || (block.length > 1 && /^\s/.test(block[block.length - 1]))) {
      i += 1;
      if (i >= lines.length) break;
      block.push(lines[i]);
    }
    mocks.push(...block);
  }
  const firstRequire = rest.findIndex(
    (line) => /^var import_\w+ = /.test(line) || /^(const|let|var) \w+ = require\(/.test(line),
  );
  const at = firstRequire < 0 ? 0 : firstRequire;
  return [...rest.slice(0, at), ...mocks, ...rest.slice(at)].join('\n');
}
