// The import boundaries of eslint.config.mjs, and its size limit on data modules, proven on fixtures: each snippet is
// linted by ESLint with the project's config, as if it were a file in that folder, and the boundary must refuse it
// (while the same import from a place that may make it passes). Every snippet of the file is linted in one child
// process (loading ESLint and its config once costs about a second; it used to be paid once per snippet). The last
// block reads the handlers themselves: none imports two or more data or integration modules.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

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

describe('data modules', () => {
  /** A module of `lines` lines, counting its comment and its blank lines as the rule does. */
  const moduleOf = (lines: number) =>
    ['// A fixture.', '', ...Array.from({ length: lines - 2 }, (_, i) => `export const x${i} = ${i};`)].join('\n');
  const tooLong = snippet('functions/data/fixture.ts', moduleOf(351));
  const nestedTooLong = snippet('functions/data/keys/fixture.ts', moduleOf(351));
  const atTheLimit = snippet('functions/data/fixture.ts', moduleOf(350));
  const longTest = snippet('functions/data/fixture.test.ts', moduleOf(500));
  const longService = snippet('functions/services/fixture.ts', moduleOf(400));
  it('refuses a functions/data module over 350 lines, blank lines and comments counted', () => {
    const maxLines = (answer: Linted) => answer.messages.filter((m) => m.ruleId === 'max-lines');
    expect(maxLines(tooLong())).toHaveLength(1);
    expect(maxLines(nestedTooLong())).toHaveLength(1);
    expect(atTheLimit().ok).toBe(true);
  });
  it('leaves tests and the other layers to their own measure', () => {
    expect(longTest().ok).toBe(true);
    expect(longService().ok).toBe(true);
  });
});

describe('the client record is called by use cases only', () => {
  const RECORD = 'Only use cases (functions/services) call the client record';
  const FLOOR = 'functions/client-record stands on functions/data, domain, lib and shared/';
  const importing = (filePath: string, from: string) => ({
    filePath,
    code: `import { changeClient } from '${from}';\nexport const x = changeClient;\n`,
  });
  const refusedBy = (message: string, cases: Array<{ filePath: string; code: string }>) => {
    const answers = cases.map(({ filePath, code }) => snippet(filePath, code));
    return () =>
      cases.forEach((fixture, i) => {
        const refused = restricted(answers[i]!()).some((m) => m.includes(message));
        expect({ fixture, refused }).toEqual({ fixture, refused: true });
      });
  };

  it(
    'refuses functions/client-record to handlers, data, domain, integrations, jobs, lib and http, however spelled',
    refusedBy(RECORD, [
      importing('functions/handlers/clients/fixture.ts', '../../client-record/record'),
      importing('functions/handlers/clients/fixture.ts', '../../data/../client-record/record'),
      importing('functions/handlers/fixture.ts', '../client-record/changes'),
      importing('functions/data/fixture.ts', '../client-record/record'),
      importing('functions/data/fixture.ts', './../client-record/derived'),
      importing('functions/data/keys/fixture.ts', '../../client-record/record'),
      importing('functions/data/fixture.ts', '../../functions/client-record/record'),
      importing('functions/domain/fixture.ts', '../client-record/changes'),
      importing('functions/integrations/fixture.ts', '../client-record'),
      importing('functions/jobs/fixture.ts', 'functions/client-record/record'),
      importing('functions/jobs/fixture.ts', '../client-record/batch'),
      importing('functions/lib/fixture.ts', '../client-record/record'),
      importing('functions/http/fixture.ts', '../client-record/record'),
    ]),
  );

  it(
    'keeps functions/client-record off the floors above it: services, handlers, jobs, http, local, integrations',
    refusedBy(FLOOR, [
      importing('functions/client-record/fixture.ts', '../services/clients'),
      importing('functions/client-record/fixture.ts', '../handlers/clients/post-clients'),
      importing('functions/client-record/fixture.ts', '../jobs/jobs'),
      importing('functions/client-record/fixture.ts', '../http/errors'),
      importing('functions/client-record/fixture.ts', '../local/seed'),
      importing('functions/client-record/fixture.ts', './../integrations/mail'),
      importing('functions/client-record/fixture.ts', '../../functions/services/clients'),
    ]),
  );

  const allowedCases = [
    importing('functions/services/fixture.ts', '../client-record/record'),
    importing('functions/services/nested/fixture.ts', '../../client-record/changes'),
    importing('functions/local/fixture.ts', '../client-record/record'),
    importing('functions/testing/fixture.ts', '../client-record/record'),
    importing('scripts/fixture.ts', '../functions/client-record/derived'),
    importing('functions/handlers/clients/fixture.test.ts', '../../client-record/record'),
    importing('functions/data/fixture.test.ts', '../client-record/record'),
    importing('functions/client-record/fixture.ts', '../data/clients'),
    importing('functions/client-record/fixture.ts', '../domain/plan'),
    importing('functions/client-record/fixture.ts', '../lib/concurrency'),
    importing('functions/client-record/fixture.ts', '@shared/tags'),
    importing('functions/client-record/fixture.ts', './changes'),
    // A handler calls the use case; it may still read data (toClient) itself.
    importing('functions/handlers/clients/fixture.ts', '../../services/clients'),
    importing('functions/handlers/clients/fixture.ts', '../../data/clients'),
  ];
  const allowedAnswers = allowedCases.map(({ filePath, code }) => snippet(filePath, code));
  it('lets services, the seed, the test helpers, scripts and tests call it, and it call data, domain and lib', () => {
    expect(allowedAnswers.map((answer) => restricted(answer()))).toEqual(allowedCases.map(() => []));
  });
});

describe('a handler refuses through its refusals: table only', () => {
  const HANDLER_THROWS = 'A handler throws no HTTP error';
  const HANDLER = 'functions/handlers/clients/fixture.ts';
  const throwing = (imports: string, statement: string, filePath = HANDLER) => ({
    filePath,
    code: `${imports}\nexport async function handle(ok: boolean): Promise<unknown> {\n  if (ok) return { body: {} };\n  ${statement}\n}\n`,
  });
  const errors = (...names: string[]) => `import { ${names.join(', ')} } from '../../http/errors';`;

  const refusedCases = [
    throwing(errors('notFound'), "throw notFound('Client not found');"),
    throwing(errors('HttpError'), "throw new HttpError(409, 'Taken', { code: 'CONFLICT' });"),
    throwing(errors('badRequest', 'tooManyRequests'), "throw ok ? badRequest('No') : tooManyRequests('Wait', 1);"),
    throwing("import * as http from '../../http/errors';", "throw http.forbidden('No', 'PRO_REQUIRED');"),
    throwing(
      "import { Refused } from '../../domain/refusals';",
      "throw new Refused({ kind: 'not-found', what: 'client' });",
    ),
    throwing(errors('conflict'), "await Promise.reject(new Error('x')).catch(() => { throw conflict('Taken'); });"),
    // A handler's own factory of HTTP errors (the merge routes had one).
    throwing(
      "import type { HttpError } from '../../http/errors';\ndeclare function mergeRefusalAnswer(kind: string): HttpError;",
      "throw mergeRefusalAnswer('already-undone');",
    ),
  ];
  const refusedAnswers = refusedCases.map(({ filePath, code }) => snippet(filePath, code));
  it('refuses a handler that throws an HTTP error instead of returning a refusal value', () => {
    refusedCases.forEach((fixture, i) => {
      const answer = refusedAnswers[i]!();
      const refused = answer.messages.some(
        (m) => m.ruleId === 'no-restricted-syntax' && m.message.includes(HANDLER_THROWS),
      );
      expect({ fixture, refused }).toEqual({ fixture, refused: true });
    });
  });

  const allowedCases = [
    // The refusal returned, answered by the table; an error that is no refusal passes on.
    throwing('', "return { kind: 'not-found', what: 'client' };"),
    throwing('', "await Promise.reject(new Error('x')).catch((error: unknown) => { if (ok) return; throw error; });"),
    throwing('', "throw new Error('unreachable: the schema allows no other value');"),
    // The stack's own middleware throws its answers; tests may throw anything.
    throwing(errors('badRequest'), "throw badRequest('No');", 'functions/http/fixture.ts'),
    throwing(errors('notFound'), "throw notFound('Client not found');", 'functions/handlers/clients/fixture.test.ts'),
  ];
  const allowedAnswers = allowedCases.map(({ filePath, code }) => snippet(filePath, code));
  it('lets a handler return refusals and rethrow other errors, and the middleware and tests throw', () => {
    expect(allowedAnswers.map((answer) => text(answer()))).toEqual(allowedCases.map(() => ''));
  });
});

describe('a handler that combines data or integrations calls one use case', () => {
  // docs/architecture.md, Layers: a handler parses and answers; what combines several data or integration modules is a
  // use case in functions/services. A handler may still read one module itself (a pure mapper such as toClient).
  const LOWER = /^functions\/(data|integrations)\//;
  const SPECIFIER =
    /\bfrom\s+['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)|^\s*import\s+['"]([^'"\n]+)['"]/gm;

  const posix = (path: string) => path.split(sep).join('/');

  /** The modules of functions/data and functions/integrations a file imports (types and re-exports included). */
  function lowerImports(file: string, code: string): string[] {
    const modules = [...code.matchAll(SPECIFIER)]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => posix(relative(root, resolve(root, dirname(file), specifier))))
      .filter((module) => LOWER.test(module));
    return [...new Set(modules)].sort();
  }

  function handlerFiles(folder = 'functions/handlers'): string[] {
    return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return handlerFiles(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('counts the data and integration modules a handler imports, however the import is written', () => {
    const code = [
      "import { toClient } from '../../data/clients';",
      "import type { ClientItem } from '../../data/clients';",
      'import {\n  sendEmail,\n  tokenLink,\n} from "../../integrations/mail";',
      "export { userKey } from '../../data/keys/users';",
      "const lazy = () => import('../../integrations/storage');",
      "import { defineHandler } from '../../http/handler';",
      "import { addClient } from '../../services/clients';",
      "import { todayIn } from '@shared/dates';",
    ].join('\n');
    expect(lowerImports('functions/handlers/clients/fixture.ts', code)).toEqual([
      'functions/data/clients',
      'functions/data/keys/users',
      'functions/integrations/mail',
      'functions/integrations/storage',
    ]);
  });

  it('finds no handler importing two or more modules of functions/data or functions/integrations', () => {
    const files = handlerFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((file) => ({ file, imports: lowerImports(file, readFileSync(join(root, file), 'utf8')) }))
      .filter(({ imports }) => imports.length >= 2)
      .map(({ file, imports }) => `${file}: ${imports.join(', ')} (move what it does with them into a use case)`);
    expect(offenders).toEqual([]);
  });
});
