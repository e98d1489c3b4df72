// The import boundaries of eslint.config.mjs, proven on fixtures: each snippet is linted by ESLint with the project's
// config, as if it were a file in that folder, and the boundary must refuse it (while the same import from a place that
// may make it passes). Every snippet of the file is linted in one child process (loading ESLint and its config once
// costs about a second; it used to be paid once per snippet).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

type Snippet = { filePath: string; code: string };
type Linted = { ok: boolean; messages: Array<{ ruleId: string | null; message: string }> };

/**
 * ESLint's Node API (`new ESLint({ cwd }).lintText(code, { filePath })`) on many snippets at once, each linted as the
 * file it names, run in a child Node process: loading eslint.config.mjs takes a dynamic import(), which Jest's module
 * runtime does not offer.
 */
function lintAll(snippets: Snippet[]): Linted[] {
  const script = `
    import { readFileSync } from 'node:fs';
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const answers = [];
    for (const { filePath, code } of JSON.parse(readFileSync(0, 'utf8'))) {
      const [result] = await eslint.lintText(code, { filePath });
      answers.push({
        ok: result.errorCount === 0 && result.warningCount === 0,
        messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })),
      });
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint's Node API failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Linted[];
}

// Each test names its snippets when the file is read; they are all linted once, before the first test.
const snippets: Snippet[] = [];
let linted: Linted[] = [];
/** A snippet to lint: its answer, once the tests run. */
function snippet(filePath: string, code: string): () => Linted {
  const index = snippets.push({ filePath, code }) - 1;
  return () => linted[index]!;
}
/** The messages of `no-restricted-imports` for a snippet. */
const restricted = (answer: Linted) =>
  answer.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
const text = (answer: Linted) => answer.messages.map((m) => `${m.ruleId}: ${m.message}`).join('\n');

beforeAll(() => {
  linted = lintAll(snippets);
});

describe('import boundaries', () => {
  const domainCode = "import { db } from '../data/db';\nexport const x = db;\n";
  const domainRefused = snippet('functions/domain/fixture.ts', domainCode);
  const servicesAllowed = snippet('functions/services/fixture.ts', domainCode);
  it('keeps functions/domain pure: no data, integrations, http or services', () => {
    expect(domainRefused().ok).toBe(false);
    expect(text(domainRefused())).toContain('functions/domain holds pure rules');
    expect(servicesAllowed().ok).toBe(true);
  });

  const httpData = snippet(
    'functions/http/fixture.ts',
    "import { getUserById } from '../data/users';\nexport const x = getUserById;\n",
  );
  it('keeps functions/http free of data access', () => {
    expect(httpData().ok).toBe(false);
    expect(text(httpData())).toContain('functions/http is middleware');
  });

  const featureRefused = snippet(
    'web/src/features/reviews/api/fixture.ts',
    "import { useClients } from '../../clients/components/clients-manager';\nexport const x = useClients;\n",
  );
  const routeAllowed = snippet(
    'web/src/app/routes/fixture.ts',
    "import { useClients } from '../../features/clients/components/clients-manager';\nexport const x = useClients;\n",
  );
  it('keeps web features from importing each other', () => {
    expect(featureRefused().ok).toBe(false);
    expect(text(featureRefused())).toContain("Feature 'reviews' must not import another feature");
    expect(routeAllowed().ok).toBe(true);
  });

  const sharedRefused = snippet(
    'shared/fixture.ts',
    "import { config } from '../functions/config';\nexport const x = config;\n",
  );
  it('keeps shared/ independent of the API and the web app', () => {
    expect(sharedRefused().ok).toBe(false);
    expect(text(sharedRefused())).toContain('shared/ is imported by the API and the web app');
  });

  const iconIndex = "import { AddRounded } from '@mui/icons-material';\nexport const x = AddRounded;\n";
  const iconModule = "import AddRounded from '@mui/icons-material/AddRounded';\nexport const x = AddRounded;\n";
  const iconIndexRefused = [
    'web/src/features/clients/components/fixture.tsx',
    'web/src/components/ui/fixture.tsx',
    'web/src/app/routes/fixture.tsx',
    'web/src/app/routes/fixture.test.tsx',
  ].map((filePath) => snippet(filePath, iconIndex));
  const iconModuleAllowed = snippet('web/src/features/clients/components/fixture.tsx', iconModule);
  it("imports each Material icon from its own module, never @mui/icons-material's index", () => {
    expect(iconIndexRefused.map((answer) => restricted(answer()).join())).toEqual(
      iconIndexRefused.map(() => expect.stringContaining('Import each icon from its own module')),
    );
    expect(iconModuleAllowed().ok).toBe(true);
  });

  const unused = snippet('functions/services/fixture.ts', 'const unused = 1;\nexport {};\n');
  it('fails on an ordinary lint error too (an unused variable)', () => {
    expect(unused().ok).toBe(false);
    expect(text(unused())).toContain('no-unused-vars');
  });
});

describe('functions/http stays at the edge', () => {
  const HTTP_REFUSED = 'import nothing of functions/http';
  const importing = (filePath: string, from: string) => ({
    filePath,
    code: `import { notFound } from '${from}';\nexport const x = notFound;\n`,
  });

  const refusedCases = [
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
  const refusedAnswers = refusedCases.map(({ filePath, code }) => snippet(filePath, code));
  it('refuses functions/http to services, data, domain, integrations and jobs, however the path is spelled', () => {
    refusedCases.forEach((fixture, i) => {
      const refused = restricted(refusedAnswers[i]!()).some((m) => m.includes(HTTP_REFUSED));
      expect({ fixture, refused }).toEqual({ fixture, refused: true });
    });
  });

  const allowedAnswers = [
    importing('functions/handlers/clients/fixture.ts', '../../http/errors'),
    importing('functions/services/fixture.ts', 'node:http'),
    importing('functions/services/fixture.ts', '../integrations/http-client'),
    // One folder deeper, `../http` is the service folder's own http/, not functions/http.
    importing('functions/services/nested/fixture.ts', '../http/errors'),
  ].map(({ filePath, code }) => snippet(filePath, code));
  it('lets a handler import it, and leaves other imports named http alone', () => {
    expect(allowedAnswers.map((answer) => restricted(answer()))).toEqual([[], [], [], []]);
  });
});

describe('no import runs back up the layers', () => {
  const UPWARD = 'No import runs back up the layers';
  const INFRA = 'functions/ imports nothing of infra/';
  const importing = (filePath: string, from: string) => ({
    filePath,
    code: `import { thing } from '${from}';\nexport const x = thing;\n`,
  });

  const upwardCases = [
    // The inbound mail's prefix was read from the job table (integrations sit below the jobs).
    importing('functions/integrations/fixture.ts', '../jobs/jobs'),
    importing('functions/domain/fixture.ts', '../jobs/jobs'),
    importing('functions/data/fixture.ts', '../local/server'),
    importing('functions/services/fixture.ts', '../handlers/clients/post-clients'),
    importing('functions/services/fixture.ts', '../../functions/jobs/imports-worker'),
    importing('functions/lib/fixture.ts', './../jobs/jobs'),
    importing('functions/http/fixture.ts', '../handlers/clients/get-clients'),
    importing('functions/jobs/fixture.ts', '../local/import-jobs'),
    importing('functions/jobs/fixture.ts', '../handlers/imports/post-import-start'),
  ];
  const upwardAnswers = upwardCases.map(({ filePath, code }) => snippet(filePath, code));
  it('refuses functions/jobs, handlers and local to the layers below them, however the path is spelled', () => {
    upwardCases.forEach((fixture, i) => {
      const refused = restricted(upwardAnswers[i]!()).some((m) => m.includes(UPWARD));
      expect({ fixture, refused }).toEqual({ fixture, refused: true });
    });
  });

  const infraCases = [
    // The twin's stack model read the stack test's template flattening from infra/.
    importing('functions/local/twin/fixture.ts', '../../../infra/flatten-templates'),
    importing('functions/local/twin/fixture.ts', '../../../infra/constructs/provider-secrets'),
    importing('functions/fixture.ts', '../infra/stack'),
    importing('functions/handlers/clients/fixture.ts', '../../../infra/stack'),
    importing('functions/services/fixture.ts', '../../infra/constructs/jobs'),
    importing('functions/jobs/fixture.ts', '../../infra/constructs/jobs'),
  ];
  const infraAnswers = infraCases.map(({ filePath, code }) => snippet(filePath, code));
  it('refuses infra/ to every file of functions/', () => {
    infraCases.forEach((fixture, i) => {
      const refused = restricted(infraAnswers[i]!()).some((m) => m.includes(INFRA));
      expect({ fixture, refused }).toEqual({ fixture, refused: true });
    });
  });

  const allowedCases = [
    importing('functions/jobs/fixture.ts', '../services/import-jobs'),
    importing('functions/jobs/fixture.ts', '../integrations/inbound-mail'),
    importing('functions/local/fixture.ts', '../jobs/jobs'),
    importing('functions/local/twin/fixture.ts', '../../lib/flatten-templates'),
    importing('functions/handlers/imports/fixture.ts', '../../services/import-jobs'),
    importing('infra/constructs/fixture.ts', '../../functions/integrations/inbound-mail'),
    importing('infra/fixture.ts', '../functions/lib/flatten-templates'),
    // Tests may import across a boundary to arrange a case.
    importing('functions/services/fixture.test.ts', '../jobs/imports-worker'),
    importing('functions/local/twin/fixture.test.ts', '../../../infra/stack'),
  ];
  const allowedAnswers = allowedCases.map(({ filePath, code }) => snippet(filePath, code));
  it('lets each layer import the ones below it, infra/ import functions/, and tests cross', () => {
    expect(allowedAnswers.map((answer) => restricted(answer()))).toEqual(allowedCases.map(() => []));
  });
});
