// The twin bites: the product runs under the synthesized stack's environments and roles, and a copy
// of the template with one grant dropped fails the way AWS would fail it.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../data/db';
import { jobs } from '../../jobs/jobs';
import { runAsFunction } from '../../lib/function-environment';
import { clientInput } from '../../testing/factories';
import { signedInAgent, startTestApi, type TestApi } from '../../testing/local-api';
import { TEST_SETTINGS } from './deploy-settings';
import { twinTemplateDir } from './template-dir';

const workerDescription = jobs.find((job) => job.name === 'reminders-worker')!.description;
const schedulerDescription = jobs.find((job) => job.name === 'reminders-scheduler')!.description;

/**
 * The stack as `npx cdk synth` makes it without -c values (the twin reads templates only, so without the bundles):
 * the default deploy's template, kept synthesized by Jest's global setup. Read only: a test changes a copy.
 */
let synthesized: string;
beforeAll(() => {
  const { HEARTH_TEMPLATE_DIR: _given, ...environment } = process.env;
  synthesized = twinTemplateDir(environment, {});
});

/** A copy of the synthesized directory with `change` applied to every template in it. */
function modifiedCopy(change: (template: { Resources: Record<string, any> }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-twin-modified-'));
  cpSync(synthesized, dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(template);
    writeFileSync(join(dir, file), JSON.stringify(template));
  }
  return dir;
}

function dropStatements(template: { Resources: Record<string, any> }, drop: (statement: any) => boolean): void {
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const document = resource.Properties.PolicyDocument;
    document.Statement = document.Statement.filter((statement: unknown) => !drop(statement));
  }
}

const mentions = (text: string) => (statement: unknown) => JSON.stringify(statement).includes(text);
const gsi3Query = { TableName: 'hearthside', IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk' };

describe('the twin', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('runs the product under the template: sign-up, a client, the session read through a granted secret', async () => {
    api = await startTestApi({ twin: { templateDir: synthesized } });
    const { client } = await signedInAgent(api);
    expect((await client.post('/api/clients', clientInput())).status).toBe(201);
    expect((await client.get('/api/user')).status).toBe(200);
    // Exactly the template's variables: a route that declares no bucket has none.
    const scope = api!.runtime.twin!.scopeFor('GET /api/clients');
    expect(scope.env.UPLOADS_BUCKET).toBeUndefined();
    expect(scope.env.SESSION_SECRET).toBeUndefined();
    expect(scope.env.SESSION_SECRET_ARN).toMatch(/^arn:aws:secretsmanager:/);
  });

  it("refuses a job's Query on an index its role does not name, with AWS's AccessDeniedException", async () => {
    api = await startTestApi({ twin: { templateDir: synthesized } });
    const worker = api!.runtime.twin!.scopeFor(workerDescription);
    const query = () =>
      runAsFunction(worker, () =>
        db().send(new QueryCommand({ ...gsi3Query, ExpressionAttributeValues: { ':pk': 'x' } })),
      );
    await expect(query()).resolves.toMatchObject({ Items: [] });
    await api!.close();

    // Prepare: the worker's grant on gsi3 (the monthly summary's read) dropped from a copy.
    const withoutGsi3 = modifiedCopy((template) =>
      dropStatements(
        template,
        (st) => mentions('/index/gsi3')(st) && mentions('dynamodb:Query')(st) && !mentions('BatchWriteItem')(st),
      ),
    );
    api = await startTestApi({ twin: { templateDir: withoutGsi3 } });
    // Act
    const refused = runAsFunction(api!.runtime.twin!.scopeFor(workerDescription), () =>
      db().send(new QueryCommand({ ...gsi3Query, ExpressionAttributeValues: { ':pk': 'x' } })),
    );
    // Assess
    await expect(refused).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(
        /JobsRemindersWorker.* is not authorized to perform: dynamodb:Query on resource: arn:aws:dynamodb:.*:table\/hearthside\/index\/gsi3/,
      ),
    });
    rmSync(withoutGsi3, { recursive: true, force: true });
  });

  it('fails a route whose role may not read the session secret, where the same route works with the grant', async () => {
    // Prepare
    const login = { username: 'nobody@example.com', password: 'correct horse' };
    api = await startTestApi({ twin: { templateDir: synthesized } });
    expect((await api!.client().post('/api/login', login)).status).toBe(401);
    await api!.close();
    const withoutSecret = modifiedCopy((template) => dropStatements(template, mentions('DataSessionSecret')));
    api = await startTestApi({ twin: { templateDir: withoutSecret } });
    // Act
    const res = await api!.client().post('/api/login', login);
    // Assess: the secrets extension refuses the read, as in Lambda; the login cannot even refuse the password.
    expect(res.status).toBe(503);
    rmSync(withoutSecret, { recursive: true, force: true });
  });

  it('gives a function an operator setting only where its template does, even one a test sets live', async () => {
    // Prepare: the test runtime reads the operator's settings live, over a template that gives none (no -c values).
    process.env.DAILY_EMAIL_LIMIT = '3';
    try {
      api = await startTestApi({ twin: { templateDir: synthesized } });
      // Act
      const scope = api!.runtime.twin!.scopeFor('POST /api/clients/{id}/messages');
      // Assess: the stack sets no DAILY_EMAIL_LIMIT without -c dailyEmailLimit, so the function reads its default.
      expect(Object.keys(scope.env)).not.toContain('DAILY_EMAIL_LIMIT');
      expect(scope.env.DAILY_EMAIL_LIMIT).toBeUndefined();
    } finally {
      delete process.env.DAILY_EMAIL_LIMIT;
    }
  });

  it("reads a setting live where the test deploy's template gives it, and its template's value when the test has none", async () => {
    // Prepare: the test deploy names every operator setting (-c dailyEmailLimit=200 …).
    api = await startTestApi();
    const scope = api!.runtime.twin!.scopeFor('POST /api/clients/{id}/messages');
    // Act + Assess
    process.env.DAILY_EMAIL_LIMIT = '3';
    try {
      expect(scope.env.DAILY_EMAIL_LIMIT).toBe('3');
    } finally {
      delete process.env.DAILY_EMAIL_LIMIT;
    }
    expect(scope.env.DAILY_EMAIL_LIMIT).toBe(TEST_SETTINGS.DAILY_EMAIL_LIMIT);
    // A job the stack gives no limits to does not get them either.
    expect(api!.runtime.twin!.scopeFor(schedulerDescription).env).not.toHaveProperty('DAILY_EMAIL_LIMIT');
  });
});
