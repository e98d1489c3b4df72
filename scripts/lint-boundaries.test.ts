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
