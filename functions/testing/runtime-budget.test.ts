// A rule is tested at the lowest layer that shows it (docs/architecture.md, Testing): the whole local runtime (HTTP
// server, edge, the twin's IAM and triggers) is for the files whose subject it is and a few end-to-end flows; a
// handler's or a use case's rules run on the handler harness (handler-api.ts) or on the table alone (table.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** The folders of Jest's server project. */
const SERVER_FOLDERS = ['functions', 'shared', 'infra', 'scripts'];
const MAX_RUNTIME_FILES = 30;
/** A call that starts the whole runtime; spelled in parts, so a grep for these names finds its callers, not this. */
const STARTS_RUNTIME = /\b(?:start(?:Test|Admin)Api|use(?:Test)Api|start(?:LocalRuntime))\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, full)] : [];
  });
}

describe('server test files that start the whole local runtime', () => {
  const starting = SERVER_FOLDERS.flatMap((folder) => testFiles(join(ROOT, folder)))
    .filter((file) => STARTS_RUNTIME.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();

  it('are found (the runtime server’s own test is one)', () => {
    expect(starting).toContain('functions/local/server.test.ts');
  });

  it(`are at most ${MAX_RUNTIME_FILES}: a handler's rules run on the handler harness`, () => {
    if (starting.length > MAX_RUNTIME_FILES)
      throw new Error(
        `${starting.length} server test files start the whole runtime, at most ${MAX_RUNTIME_FILES} may. Test a ` +
          "handler's or a use case's rules on startHandlerApi (functions/testing/handler-api.ts); keep the runtime " +
          `for what only it shows (HTTP, edge, twin, triggers). They are:\n${starting.join('\n')}`,
      );
  });
});
