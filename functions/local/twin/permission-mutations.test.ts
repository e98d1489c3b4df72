// The twin's permission check reaches the calls the local ports stand in for (mail, KMS) and the worker's batch
// writes: a copy of the template with one grant changed fails as AWS would fail it, where the stack as it is works.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMessage } from '../../data/messages';
import { setProStatus } from '../../data/users';
import { sendEmail } from '../../integrations/mail';
import { sealRefreshToken, unsealRefreshToken } from '../../integrations/token-sealing';
import { runAsFunction } from '../../lib/function-environment';
import { automaticMessageId } from '../../services/automations';
import { clientInput } from '../../testing/factories';
import { signedInAgent, startTestApi, type TestApi } from '../../testing/local-api';
import { runRemindersAt } from '../reminders-job';
import { delivered } from './deliveries';
import type { PolicyStatement } from './iam';
import { twinTemplateDir } from './template-dir';

type Template = { Resources: Record<string, { Type: string; Properties?: any }> };

/**
 * A copy of the twin's synthesized directory with `change` applied to every policy statement of every template (of the
 * roles whose logical id contains `ofRole`, when given).
 */
function withStatements(
  change: (statement: PolicyStatement & Record<string, any>) => PolicyStatement | null,
  ofRole = '',
): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-twin-mutated-'));
  cpSync(twinTemplateDir(), dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Template;
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::IAM::Policy' || !mentions(resource.Properties.Roles, ofRole)) continue;
      const document = resource.Properties.PolicyDocument;
      document.Statement = document.Statement.map(change).filter(Boolean);
    }
    writeFileSync(join(dir, file), JSON.stringify(template));
  }
  return dir;
}
const mentions = (statement: unknown, text: string) => JSON.stringify(statement).includes(text);

let api: TestApi | undefined;
const mutated: string[] = [];
afterEach(async () => {
  jest.useRealTimers();
  await api?.close();
  api = undefined;
});
afterAll(() => mutated.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const mail = { to: 'client@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

/** Each function of the running template whose variables match, as a twin scope. */
function functionsWith(has: (env: Record<string, string>) => boolean) {
  const twin = api!.runtime.twin!;
  return twin.model.functions.filter((fn) => has(fn.env)).map((fn) => ({ fn, scope: twin.scopeFor(fn.description) }));
}

describe('e-mail under the twin', () => {
  it('every function that sends mail may, and none may once the configuration set is not in its grant', async () => {
    api = await startTestApi();
    const senders = functionsWith((env) => env.MAIL_PROVIDER === 'ses' && Boolean(env.SES_CONFIGURATION_SET));
    expect(senders.length).toBeGreaterThan(5);
    const granted = senders.filter(({ fn }) => fn.statements.some((s) => mentions(s, 'ses:SendEmail')));
    expect(granted.length).toBeGreaterThan(5);
    for (const { scope } of granted) await expect(runAsFunction(scope, () => sendEmail(mail))).resolves.toBeUndefined();
    await api.close();

    const dir = withStatements((statement) =>
      mentions(statement, 'ses:SendEmail')
        ? { ...statement, Resource: [statement.Resource ?? []].flat().filter((r) => !mentions(r, 'configuration-set')) }
        : statement,
    );
    mutated.push(dir);
    api = await startTestApi({ twin: { templateDir: dir } });
    for (const { fn } of granted)
      await expect(runAsFunction(api.runtime.twin!.scopeFor(fn.description), () => sendEmail(mail))).rejects.toThrow(
        /not authorized to perform: ses:SendEmail on resource: arn:aws:ses:[^:]+:\d+:configuration-set\//,
      );
  });
});

describe('the Google refresh token under the twin', () => {
  it('seals and unseals with the key’s grant, and fails the sync once the grant wants another encryption context', async () => {
    api = await startTestApi();
    const google = functionsWith((env) => Boolean(env.GOOGLE_TOKEN_KEY_ARN));
    const sync = google.find(({ fn }) => /Google reviews/.test(fn.description));
    expect(sync).toBeDefined();
    const sealed = await runAsFunction(sync!.scope, () => sealRefreshToken('agent-1', 'refresh-token'));
    await expect(runAsFunction(sync!.scope, () => unsealRefreshToken('agent-1', sealed))).resolves.toBe(
      'refresh-token',
    );
    await api.close();

    const dir = withStatements((statement) =>
      mentions(statement, 'kms:EncryptionContext:purpose')
        ? {
            ...statement,
            Condition: { ...statement.Condition, StringEquals: { 'kms:EncryptionContext:purpose': 'x' } },
          }
        : statement,
    );
    mutated.push(dir);
    api = await startTestApi({ twin: { templateDir: dir } });
    const scope = api.runtime.twin!.scopeFor(sync!.fn.description);
    await expect(runAsFunction(scope, () => unsealRefreshToken('agent-1', sealed))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(/kms:Decrypt on resource: arn:aws:kms:/),
    });
  });
});

describe('the reminders worker under the twin', () => {
  /** A Pro agent whose birthday rule sends by itself, and a tagged client with a birthday on 2031-06-15. */
  async function taggedClientWithBirthday(started: TestApi) {
    const agent = await signedInAgent(started);
    await agent.client.patch('/api/user/preferences', { timeZone: 'America/New_York' });
    await setProStatus(agent.user.id, true);
    const rules = [{ occasion: 'birthday', enabled: true, channel: 'email', mode: 'auto', sendTime: '09:00' }];
    expect((await agent.client.put('/api/user/automations', { rules })).status).toBe(200);
    const created = await agent.client.post('/api/clients', clientInput({ birthday: '1980-06-15', tags: ['past'] }));
    expect(created.status).toBe(201);
    return created.body as { id: string };
  }
  /** The agent's 8:00 run (the day's automatic messages drafted) and 9:00 (sent), in New York. */
  const birthdayMorning = async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'queueMicrotask'] });
    let failed = 0;
    for (const hour of ['2031-06-15T12:00:00Z', '2031-06-15T13:00:00Z']) {
      jest.setSystemTime(new Date(Date.parse(hour) + 30_000));
      failed += delivered(await runRemindersAt(new Date(hour))).failed;
    }
    jest.useRealTimers();
    return failed;
  };

  it('sends the automatic birthday e-mail to a tagged client, and fails it without dynamodb:BatchWriteItem', async () => {
    api = await startTestApi();
    const client = await taggedClientWithBirthday(api);
    expect(await birthdayMorning()).toBe(0);
    expect(await getMessage(client.id, automaticMessageId(client.id, 'birthday', 2031))).toMatchObject({
      status: 'sent',
    });
    await api.close();

    const dir = withStatements((statement) => {
      const actions = [statement.Action ?? []].flat();
      if (!actions.includes('dynamodb:BatchWriteItem') || !mentions(statement, 'DataTable')) return statement;
      return { ...statement, Action: actions.filter((a) => a !== 'dynamodb:BatchWriteItem') };
    }, 'JobsRemindersWorker');
    mutated.push(dir);
    api = await startTestApi({ twin: { templateDir: dir } });
    await taggedClientWithBirthday(api);
    // The e-mail leaves, then the client's list entries cannot be rewritten: the worker reports the batch as failed
    // (in AWS, SQS delivers it again), instead of leaving the client "due" unseen.
    expect(await birthdayMorning()).toBeGreaterThan(0);
  });
});
