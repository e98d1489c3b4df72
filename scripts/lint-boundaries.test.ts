// The import boundaries of eslint.config.mjs, proven on fixtures: each snippet is linted by the
// real ESLint CLI as if it were a file in that folder, and the boundary must refuse it (while the
// same import from a place that may make it passes).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');
const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

function lint(filePath: string, code: string): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, [eslintBin, '--stdin', '--stdin-filename', filePath, '--no-warn-ignored'], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`eslint failed to run: ${run.stderr}`);
  return { ok: run.status === 0, output: run.stdout };
}

/**
 * ESLint's Node API (`new ESLint({ cwd }).lintText(code, { filePath })`) on many snippets at once, each linted as the
 * file it names, run in a child Node process: loading eslint.config.mjs takes a dynamic import(), which Jest's module
 * runtime does not offer. Answers the messages of `no-restricted-imports` for each snippet.
 */
function restrictedImportMessages(snippets: Array<{ filePath: string; code: string }>): string[][] {
  const script = `
    import { readFileSync } from 'node:fs';
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const answers = [];
    for (const { filePath, code } of JSON.parse(readFileSync(0, 'utf8'))) {
      const [result] = await eslint.lintText(code, { filePath });
      answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint's Node API failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

describe('import boundaries', () => {
  it('keeps functions/domain pure: no data, integrations, http or services', () => {
    const code = "import { db } from '../data/db';\nexport const x = db;\n";
    const refused = lint('functions/domain/fixture.ts', code);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('functions/domain holds pure rules');
    expect(lint('functions/services/fixture.ts', code).ok).toBe(true);
  });

  it('keeps functions/http free of data access', () => {
    const refused = lint(
      'functions/http/fixture.ts',
      "import { getUserById } from '../data/users';\nexport const x = getUserById;\n",
    );
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('functions/http is middleware');
  });

  it('keeps web features from importing each other', () => {
    const code =
      "import { useClients } from '../../clients/components/clients-manager';\nexport const x = useClients;\n";
    const refused = lint('web/src/features/reviews/api/fixture.ts', code);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("Feature 'reviews' must not import another feature");
    expect(
      lint(
        'web/src/app/routes/fixture.ts',
        "import { useClients } from '../../features/clients/components/clients-manager';\nexport const x = useClients;\n",
      ).ok,
    ).toBe(true);
  });

  it('keeps shared/ independent of the API and the web app', () => {
    const refused = lint(
      'shared/fixture.ts',
      "import { config } from '../functions/config';\nexport const x = config;\n",
    );
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('shared/ is imported by the API and the web app');
  });

  it('fails on an ordinary lint error too (an unused variable)', () => {
    expect(lint('functions/services/fixture.ts', 'const unused = 1;\nexport {};\n').output).toContain('no-unused-vars');
  });
});

describe('functions/http stays at the edge', () => {
  const HTTP_REFUSED = 'import nothing of functions/http';
  const importing = (filePath: string, from: string) => ({
    filePath,
    code: `import { notFound } from '${from}';\nexport const x = notFound;\n`,
  });

  it('refuses functions/http to services, data, domain, integrations and jobs, however the path is spelled', () => {
    const snippets = [
      ...['services', 'data', 'domain', 'integrations', 'jobs'].map((layer) =>
        importing(`functions/${layer}/fixture.ts`, '../http/errors'),
      ),
      importing('functions/services/fixture.ts', '../http'),
      importing('functions/services/fixture.ts', './../http/errors'),
      importing('functions/services/fixture.ts', '../data/../http/errors'),
      importing('functions/services/fixture.ts', '../../functions/http/errors'),
      importing('functions/jobs/fixture.ts', 'functions/http/errors'),
      importing('functions/services/nested/fixture.ts', '../../http/errors'),
      {
        filePath: 'functions/integrations/fixture.ts',
        code: "export { notFound } from '../http/errors';\n",
      },
    ];
    const answers = restrictedImportMessages(snippets);
    answers.forEach((messages, i) => {
      expect({ snippet: snippets[i], refused: messages.some((m) => m.includes(HTTP_REFUSED)) }).toEqual({
        snippet: snippets[i],
        refused: true,
      });
    });
  });

  it('lets a handler import it, and leaves other imports named http alone', () => {
    const answers = restrictedImportMessages([
      importing('functions/handlers/clients/fixture.ts', '../../http/errors'),
      importing('functions/services/fixture.ts', 'node:http'),
      importing('functions/services/fixture.ts', '../integrations/http-client'),
      // One folder deeper, `../http` is the service folder's own http/, not functions/http.
      importing('functions/services/nested/fixture.ts', '../http/errors'),
    ]);
    expect(answers).toEqual([[], [], [], []]);
  });
});
