// Jobs run only when their trigger in the template fires: the twin reads each job's rule, schedule, queue mapping,
// subscription and receipt rule from the synthesized stack, hands the job its event in the shape AWS delivers it
// (functions/testing/fixtures/aws-events/, from AWS's documentation), and drops what the template would not deliver.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSRecord } from 'aws-lambda';
import { jobs, type JobName } from '../../jobs/jobs';
import { getMessage } from '../../data/messages';
import { setProStatus } from '../../data/users';
import { routes } from '../../routes';
import { automaticMessageId } from '../../services/automations';
import { clientInput } from '../../testing/factories';
import { signedInAgent, startTestApi, useTestApi, type TestApi } from '../../testing/local-api';
import { zoneAtLocalHour } from '../../testing/sending';
import { receiveInboundEmail } from '../inbound-email-job';
import { runRemindersAt } from '../reminders-job';
import { deliverSesEvent, sesEventOnEventBridge, type SesEventRecord } from '../ses-events-job';
import { deliverTwoWayText } from '../sms-inbound-job';
import {
  failedMessageIds,
  filterPolicyAccepts,
  inBatches,
  matchingRules,
  recipientsTaken,
  schedulerPayload,
  sesReceiptEvent,
  snsEvent,
  sqsRecord,
} from './deliveries';
import { TEST_DEPLOY } from './deploy-settings';
import { readAssembly, stackModel } from './stack-model';
import { twinTemplateDir } from './template-dir';
import type { TwinTriggers } from './triggers';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'testing', 'fixtures', 'aws-events', name), 'utf8'));
const complaintFixture = fixture('ses-complaint.eventbridge.json');
const bounceFixture = fixture('ses-bounce.eventbridge.json');
const smsFixture = fixture('sns-two-way-sms.lambda.json');
const receiptFixture = fixture('ses-receipt.lambda.json');
const sqsFixture = fixture('sqs-reminders.lambda.json');

/** A JSON value's structure: its keys (recursively) and the type of each leaf, the values left out. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  return value === null ? 'null' : typeof value;
}

const names = { region: 'us-east-1', tableName: 'hearthside', buckets: { uploads: 'up', exports: 'ex' } };
/** The template the tests' runtime runs (the test deploy's). */
const templateDir = twinTemplateDir(process.env, TEST_DEPLOY);
const model = stackModel(readAssembly(templateDir), names);
const triggersOf = (name: JobName): TwinTriggers =>
  model.functions.find((fn) => fn.description === jobs.find((job) => job.name === name)!.description)!.triggers;

/** A complaint as SES publishes it (the fixture's detail) about `email`, for a message we never sent. */
function complaintAbout(email: string): SesEventRecord {
  const detail = structuredClone(complaintFixture.detail);
  detail.complaint.complainedRecipients = [{ emailAddress: email }];
  detail.mail.destination = [email];
  detail.mail.messageId = `complaint-${email}`;
  return detail;
}

const sendEmail = (client: Awaited<ReturnType<typeof signedInAgent>>['client'], clientId: string) =>
  client.post(`/api/clients/${clientId}/messages`, { channel: 'email', subject: 'Hello', body: 'Checking in.' });

const rawReply = (to: string) =>
  Buffer.from(
    `From: Client <client@example.com>\r\nTo: <${to}>\r\nSubject: Re: Would Thursday work?\r\n` +
      `Message-ID: <reply-${Date.now()}@example.com>\r\nDate: ${new Date().toUTCString()}\r\n\r\nThursday works!\r\n`,
  );

const twoWayText = (from: string) => ({ ...JSON.parse(smsFixture.Records[0].Sns.Message), originationNumber: from });

describe("each job's triggers, as the template defines them", () => {
  it('reads the rule, the schedules, the queue mappings, the subscription and the receipt rule', () => {
    expect(triggersOf('ses-events').rules).toEqual([
      expect.objectContaining({
        eventPattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
      }),
    ]);
    expect(triggersOf('reminders-scheduler').schedules).toEqual([
      expect.objectContaining({
        expression: 'cron(0 * * * ? *)',
        input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }),
      }),
    ]);
    expect(triggersOf('reviews-sync').schedules).toEqual([
      expect.objectContaining({ expression: 'cron(30 * * * ? *)', input: undefined }),
    ]);
    expect(triggersOf('home-values-sync').schedules).toEqual([
      expect.objectContaining({ expression: 'cron(15 9 1 * ? *)', input: undefined }),
    ]);
    expect(triggersOf('reminders-worker').queues).toEqual([
      expect.objectContaining({
        queueArn: expect.stringMatching(/:JobsRemindersQueue/),
        batchSize: 10,
        reportBatchItemFailures: true,
      }),
    ]);
    expect(triggersOf('imports-worker').queues).toEqual([
      expect.objectContaining({ queueArn: expect.stringMatching(/:JobsImportsQueue/), batchSize: 1 }),
    ]);
    expect(triggersOf('sms-inbound').topics).toEqual([
      expect.objectContaining({ topicArn: expect.stringMatching(/^arn:aws:sns:.*:JobsInboundTextsTopic/) }),
    ]);
    expect(triggersOf('sms-inbound').topics[0]!.filterPolicy).toBeUndefined();
    expect(triggersOf('inbound-email').receiptRules).toEqual([
      {
        id: expect.any(String),
        recipients: ['reply.localhost'],
        scanEnabled: true,
        store: { bucket: 'up', prefix: 'inbound-email/received/' },
        invocationType: 'Event',
      },
    ]);
  });
});

describe('events in the shapes AWS delivers them', () => {
  it.each([
    ['complaint', complaintFixture],
    ['bounce', bounceFixture],
  ])("puts SES's %s on EventBridge as SES does, and the template's rule takes it", (_kind, documented) => {
    // Act
    const event = sesEventOnEventBridge(documented.detail, new Date('2026-03-02T10:05:00.123Z'));
    // Assess
    expect(shapeOf(event)).toEqual(shapeOf(documented));
    expect(event).toMatchObject({
      version: '0',
      'detail-type': documented['detail-type'],
      source: 'aws.ses',
      account: expect.stringMatching(/^\d{12}$/),
      time: '2026-03-02T10:05:00Z',
      resources: [expect.stringMatching(/:configuration-set\/HearthCrmMessagingClientMail$/)],
      detail: documented.detail,
    });
    expect(matchingRules(triggersOf('ses-events'), event)).toHaveLength(1);
  });

  it('publishes the number’s message to the subscribed topic as SNS invokes a function', () => {
    const [topic] = triggersOf('sms-inbound').topics;
    const message = smsFixture.Records[0].Sns.Message as string;
    const event = snsEvent(topic!, message);
    expect(shapeOf(event)).toEqual(shapeOf(smsFixture));
    expect(event.Records[0]!.Sns).toMatchObject({ Message: message, TopicArn: topic!.topicArn, Type: 'Notification' });
    expect(event.Records[0]!.EventSubscriptionArn.startsWith(`${topic!.topicArn}:`)).toBe(true);
  });

  it("hands received mail to the job as the receipt rule's Lambda action does: headers, the recipients it took", () => {
    const [rule] = triggersOf('inbound-email').receiptRules;
    const recipients = ['r-abcdefgh@reply.localhost', 'someone@example.com'];
    const event = sesReceiptEvent(rule!, 'arn:aws:lambda:us-east-1:000000000000:function:JobsInboundEmail', {
      messageId: 'local-1',
      raw: rawReply('r-abcdefgh@reply.localhost'),
      recipients,
    });
    expect(shapeOf(event)).toEqual(shapeOf(receiptFixture));
    expect(event.Records[0]!.ses.receipt).toMatchObject({
      recipients: ['r-abcdefgh@reply.localhost'],
      virusVerdict: { status: 'PASS' },
      action: { type: 'Lambda', invocationType: 'Event' },
    });
    expect(event.Records[0]!.ses.mail).toMatchObject({ messageId: 'local-1', destination: recipients });
  });

  it("invokes the scheduler with its schedule's input, the scheduled time filled in; the reviews sync with {}", () => {
    const [reminders] = triggersOf('reminders-scheduler').schedules;
    const [reviews] = triggersOf('reviews-sync').schedules;
    const at = new Date('2026-03-02T10:00:00.000Z');
    expect(schedulerPayload(reminders!, at)).toEqual(fixture('scheduler-reminders.payload.json'));
    expect(schedulerPayload(reviews!, at)).toEqual({});
  });

  it('hands queued messages over as SQS records, in batches of at most the mapping’s size', () => {
    const [mapping] = triggersOf('reminders-worker').queues;
    const record = sqsRecord(sqsFixture.Records[0].body, mapping!.queueArn);
    expect(shapeOf(record)).toEqual(shapeOf(sqsFixture.Records[0]));
    expect(record).toMatchObject({ eventSource: 'aws:sqs', eventSourceARN: mapping!.queueArn, awsRegion: 'us-east-1' });
    expect(
      inBatches(
        Array.from({ length: 23 }, (_, i) => i),
        mapping!.batchSize,
      ).map((b) => b.length),
    ).toEqual([10, 10, 3]);
  });
});

describe("a batch's answer, read as Lambda reads it", () => {
  const batch = ['a', 'b', 'c'].map((id) => ({ messageId: id }) as SQSRecord);
  it.each([
    ['the function failed', { error: new Error('boom') }, true, ['a', 'b', 'c']],
    ['no failures reported', { answer: { batchItemFailures: [] } }, true, []],
    ['an empty answer', { answer: undefined }, true, []],
    ['one failure reported', { answer: { batchItemFailures: [{ itemIdentifier: 'b' }] } }, true, ['b']],
    [
      'an identifier of no message in the batch',
      { answer: { batchItemFailures: [{ itemIdentifier: 'z' }] } },
      true,
      ['a', 'b', 'c'],
    ],
    ['an empty identifier', { answer: { batchItemFailures: [{ itemIdentifier: '' }] } }, true, ['a', 'b', 'c']],
    [
      'failures reported to a mapping that does not read them',
      { answer: { batchItemFailures: [{ itemIdentifier: 'b' }] } },
      false,
      [],
    ],
  ] as const)('%s', (_case, outcome, report, failed) => {
    expect(failedMessageIds(batch, outcome, report)).toEqual(failed);
  });
});

describe('filter policies and recipient conditions', () => {
  const topic = (filterPolicy: Record<string, unknown>, filterPolicyScope: 'MessageAttributes' | 'MessageBody') => ({
    id: 't',
    topicArn: 'arn:aws:sns:us-east-1:000000000000:t',
    filterPolicy,
    filterPolicyScope,
  });
  const message = smsFixture.Records[0].Sns.Message as string;

  it('applies a MessageBody policy to the JSON message, a MessageAttributes policy to the attributes', () => {
    expect(filterPolicyAccepts(topic({ originationNumber: [{ prefix: '+1512' }] }, 'MessageBody'), message)).toBe(true);
    expect(filterPolicyAccepts(topic({ originationNumber: [{ prefix: '+44' }] }, 'MessageBody'), message)).toBe(false);
    const byKind = topic({ kind: ['text'], size: [{ numeric: ['<', 10] }] }, 'MessageAttributes');
    expect(filterPolicyAccepts(byKind, message)).toBe(false);
    const attributes = { kind: { Type: 'String', Value: 'text' }, size: { Type: 'Number', Value: '3' } };
    expect(filterPolicyAccepts(byKind, message, attributes)).toBe(true);
  });

  it.each([
    [['reply.localhost'], 'r-x@reply.localhost', true],
    [['reply.localhost'], 'R-X@Reply.Localhost', true],
    [['reply.localhost'], 'r-x@sub.reply.localhost', false],
    [['.reply.localhost'], 'r-x@sub.reply.localhost', true],
    [['r-x@reply.localhost'], 'r-y@reply.localhost', false],
    [[], 'anyone@example.com', true],
  ])('a rule for %j takes %s: %s', (conditions, recipient, taken) => {
    const rule = { id: 'r', recipients: conditions, scanEnabled: true, store: undefined, invocationType: 'Event' };
    expect(recipientsTaken(rule, [recipient])).toEqual(taken ? [recipient] : []);
  });
});

describe('jobs run only through their trigger in the template', () => {
  describe('the template as deployed', () => {
    // One runtime for both: each test has its own agent, number and addresses.
    let api: TestApi;
    useTestApi((started) => (api = started));

    it("delivers SES's complaint to jobs/ses-events, which stops mail to the complainer", async () => {
      // Prepare
      const agent = await signedInAgent(api);
      const created = await agent.client.post('/api/clients', clientInput());
      // Act
      const result = await deliverSesEvent(complaintAbout(created.body.email));
      // Assess
      expect(result).toEqual({ outcome: 'suppressed', addresses: 1, message: 'unknown' });
      const refused = await sendEmail(agent.client, created.body.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('EMAIL_SUPPRESSED');
    });

    it('delivers a text, a reply by e-mail, the reviews sync and the reminders through the template’s triggers', async () => {
      expect(await deliverTwoWayText(twoWayText('+15125556990'))).toEqual({ handled: ['dropped'] });
      expect(await receiveInboundEmail(rawReply('r-abcdefgh@reply.localhost'))).toEqual([
        expect.stringMatching(/^(no-token|forged)$/),
      ]);
      expect(await receiveInboundEmail(rawReply('someone@elsewhere.example'))).toEqual({
        delivered: false,
        reason: 'No receipt rule of the template takes mail for someone@elsewhere.example',
      });
      expect((await api.client().post('/local/jobs/reviews-sync', {})).body).toMatchObject({
        agents: expect.any(Number),
      });
      // The home values job, in its function's scope: FHFA's files from the runtime's /local/hpi, its writes granted.
      expect((await api.client().post('/local/jobs/home-values', {})).body).toMatchObject({
        datasets: [
          { dataset: 'state', outcome: 'stored', through: '2024Q4' },
          { dataset: 'zip3', outcome: 'stored', through: '2022Q4' },
        ],
      });
      expect(await runRemindersAt(new Date())).toMatchObject({ failed: 0 });
    });
  });

  describe('a template whose triggers would not fire', () => {
    let copy: string;
    // One runtime on the altered template for both tests (each sends its own event, text and mail).
    let api: TestApi | undefined;
    beforeAll(async () => {
      // Prepare: the rule names SES's eventType words, the subscription filters on British numbers, the receipt rule
      // takes another domain, and neither hourly schedule is there.
      copy = mkdtempSync(join(tmpdir(), 'hearth-twin-triggers-'));
      cpSync(templateDir, copy, { recursive: true });
      for (const file of readdirSync(copy).filter((f) => f.endsWith('.template.json'))) {
        const template = JSON.parse(readFileSync(join(copy, file), 'utf8'));
        for (const [id, resource] of Object.entries<any>(template.Resources)) {
          if (resource.Type === 'AWS::Events::Rule' && resource.Properties.EventPattern.source?.[0] === 'aws.ses')
            resource.Properties.EventPattern['detail-type'] = ['Email Bounced', 'Email Complained'];
          if (resource.Type === 'AWS::SNS::Subscription' && resource.Properties.Protocol === 'lambda')
            Object.assign(resource.Properties, {
              FilterPolicyScope: 'MessageBody',
              FilterPolicy: { originationNumber: [{ prefix: '+44' }] },
            });
          if (resource.Type === 'AWS::SES::ReceiptRule') resource.Properties.Rule.Recipients = ['reply.example.com'];
          if (resource.Type === 'AWS::Scheduler::Schedule') delete template.Resources[id];
        }
        writeFileSync(join(copy, file), JSON.stringify(template));
      }
      process.env.HEARTH_TEMPLATE_DIR = copy;
      api = await startTestApi();
    });
    afterAll(async () => {
      await api?.close();
      delete process.env.HEARTH_TEMPLATE_DIR;
      rmSync(copy, { recursive: true, force: true });
    });

    it('never runs jobs/ses-events on a complaint when the rule names the wrong detail-type', async () => {
      // Prepare
      const agent = await signedInAgent(api!);
      const created = await agent.client.post('/api/clients', clientInput());
      // Act
      const result = await deliverSesEvent(complaintAbout(created.body.email));
      const posted = await agent.client.post('/local/jobs/ses-events', {
        ...complaintFixture,
        detail: complaintAbout(created.body.email),
      });
      // Assess: dropped as EventBridge drops an event no rule matches; the address still takes mail.
      expect(result).toEqual({
        delivered: false,
        reason: 'No rule of the template sends aws.ses "Email Complaint Received" events to jobs/ses-events',
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ delivered: false });
      expect((await sendEmail(agent.client, created.body.id)).status).toBe(201);
    });

    it('runs no job whose subscription, receipt rule or schedule would not deliver', async () => {
      expect(await deliverTwoWayText(twoWayText('+15125556991'))).toMatchObject({ delivered: false });
      expect(await deliverTwoWayText(twoWayText('+447700900123'))).toEqual({ handled: ['dropped'] });
      expect(await receiveInboundEmail(rawReply('r-abcdefgh@reply.localhost'))).toMatchObject({ delivered: false });
      expect((await api!.client().post('/local/jobs/reviews-sync', {})).body).toEqual({
        delivered: false,
        reason: 'No schedule of the template invokes jobs/reviews-sync',
      });
      expect(await runRemindersAt(new Date())).toEqual({
        delivered: false,
        reason: 'No schedule of the template invokes jobs/reminders-scheduler',
      });
    });
  });
});

/** A permanent bounce as SES publishes it (the fixture's detail) of mail to `email`, tagged with `agentId`. */
function bounceOf(email: string, agentId: string): SesEventRecord {
  const detail = structuredClone(bounceFixture.detail);
  detail.bounce.bouncedRecipients = [{ emailAddress: email, action: 'failed', status: '5.1.1' }];
  detail.mail.destination = [email];
  detail.mail.messageId = `bounce-${email}`;
  detail.mail.tags = { agent: [agentId] };
  return detail;
}

describe('the local triggers POST /local/jobs/* (the local runtime only)', () => {
  let api: TestApi;
  useTestApi((started) => (api = started));

  it('are no route of the stack: the route table has no /local/ path', () => {
    expect(routes.filter((route) => route.path.startsWith('/local/'))).toEqual([]);
  });

  it('reminders: replays a date while the server runs; refuses other sites, other content types and a bad date', async () => {
    // Prepare: a Pro agent whose birthday messages wait for approval, and a client whose birthday the date is.
    const agent = await signedInAgent(api);
    await setProStatus(agent.user.id, true);
    await agent.client.patch('/api/user/preferences', { timeZone: 'America/New_York' });
    const rule = { occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' };
    expect((await agent.client.put('/api/user/automations', { rules: [rule] })).status).toBe(200);
    const client = (
      await agent.client.post('/api/clients', clientInput({ name: 'Tia Trigger', birthday: '1981-09-21' }))
    ).body as { id: string };
    // Act
    const res = await agent.client.post('/local/jobs/reminders', { date: '2031-09-21' });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ failed: 0 });
    expect(await getMessage(client.id, automaticMessageId(client.id, 'birthday', 2031))).toMatchObject({
      status: 'awaiting-approval',
    });
    const otherSite = { headers: { origin: 'https://evil.example' } };
    expect((await agent.client.post('/local/jobs/reminders', { date: '2031-09-21' }, otherSite)).status).toBe(403);
    const asForm = await agent.client.request('POST', '/local/jobs/reminders', {
      body: 'date=2031-09-21',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asForm.status).toBe(415);
    expect((await agent.client.post('/local/jobs/reminders', { date: '2031-02-30' })).status).toBe(400);
  });

  it("reminders for one agent: only that agent's day; replays at once each get their own; a bad id refused", async () => {
    // Prepare: two Pro agents whose birthday messages wait for approval, each with clients born on 22 and 23 September.
    const rule = { occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' };
    const agents = await Promise.all(
      ['Uma', 'Vic'].map(async (name) => {
        const agent = await signedInAgent(api);
        await setProStatus(agent.user.id, true);
        await agent.client.patch('/api/user/preferences', { timeZone: 'America/New_York' });
        expect((await agent.client.put('/api/user/automations', { rules: [rule] })).status).toBe(200);
        const [on22, on23] = await Promise.all(
          ['1980-09-22', '1980-09-23'].map(
            async (birthday) =>
              (await agent.client.post('/api/clients', clientInput({ name: `${name} ${birthday}`, birthday })))
                .body as {
                id: string;
              },
          ),
        );
        return { agent, on22: on22!, on23: on23! };
      }),
    );
    const [uma, vic] = agents as [(typeof agents)[number], (typeof agents)[number]];
    const waiting = async (clientId: string, year: number) =>
      (await getMessage(clientId, automaticMessageId(clientId, 'birthday', year)))?.status;
    // Act: the 22nd for Uma alone
    const one = await uma.agent.client.post('/local/jobs/reminders', {
      date: '2031-09-22',
      agentId: uma.agent.user.id,
    });
    // Assess: Uma's day ran, Vic's did not
    expect(one.status).toBe(200);
    expect(await waiting(uma.on22.id, 2031)).toBe('awaiting-approval');
    expect(await waiting(vic.on22.id, 2031)).toBeUndefined();
    // Act: the 23rd for each of them, at the same time (the queue is shared: each replay waits for the other)
    const both = await Promise.all(
      [uma, vic].map(({ agent }) =>
        agent.client.post('/local/jobs/reminders', { date: '2031-09-23', agentId: agent.user.id }),
      ),
    );
    // Assess
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(await waiting(uma.on23.id, 2031)).toBe('awaiting-approval');
    expect(await waiting(vic.on23.id, 2031)).toBe('awaiting-approval');
    const bad = await uma.agent.client.post('/local/jobs/reminders', { date: '2031-09-22', agentId: 'no/such id' });
    expect(bad).toMatchObject({ status: 400, body: { message: "agentId must be an agent's id" } });
  });

  it('ses-events: runs the job on an SES event, which stops mail to the address', async () => {
    const agent = await signedInAgent(api);
    const created = await agent.client.post('/api/clients', clientInput());
    const res = await agent.client.post('/local/jobs/ses-events', {
      ...bounceFixture,
      detail: bounceOf(created.body.email, agent.user.id),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'suppressed', addresses: 1, message: 'unknown' });
    const refused = await sendEmail(agent.client, created.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('EMAIL_SUPPRESSED');
  });

  it('ses-events: refuses other methods, other sites, other content types and anything but a bounce or complaint event', async () => {
    const path = '/local/jobs/ses-events';
    const agent = await signedInAgent(api);
    const created = await agent.client.post('/api/clients', clientInput());
    const good = { ...bounceFixture, detail: bounceOf(created.body.email, agent.user.id) };
    const withDetail = (detail: Record<string, unknown>) => ({ ...good, detail: { ...good.detail, ...detail } });
    const recipients = (list: unknown) => withDetail({ bounce: { bounceType: 'Permanent', bouncedRecipients: list } });

    expect((await agent.client.get(path)).status).toBe(405);
    expect((await agent.client.post(path, good, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const asText = await agent.client.request('POST', path, {
      body: JSON.stringify(good),
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.status).toBe(415);
    const notJson = await agent.client.request('POST', path, {
      body: '{"detail":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const recipientsMessage = 'detail.bounce.bouncedRecipients must list 1 to 50 recipients, each with an emailAddress';
    for (const [body, message] of [
      [[good], 'Send a JSON object: an SES event'],
      [{ ...good, detail: 'Bounce' }, 'detail must be an object'],
      [withDetail({ eventType: 'Delivery' }), 'detail.eventType must be Bounce or Complaint'],
      [withDetail({ bounce: undefined }), 'detail.bounce must be an object'],
      [withDetail({ eventType: 'Complaint' }), 'detail.complaint must be an object'],
      [
        withDetail({ bounce: { bounceType: 'Permanant', bouncedRecipients: [{ emailAddress: created.body.email }] } }),
        'detail.bounce.bounceType must be Permanent, Transient or Undetermined',
      ],
      [recipients([]), recipientsMessage],
      [recipients([{ emailAddress: 7 }]), recipientsMessage],
      [recipients('a@example.com'), recipientsMessage],
      [withDetail({ mail: 'm' }), 'detail.mail must be an object'],
      [withDetail({ mail: { messageId: 12 } }), 'detail.mail.messageId must be a non-empty string'],
      [
        withDetail({ mail: { tags: { agent: agent.user.id } } }),
        'detail.mail.tags must map each tag to a list of strings',
      ],
    ] as const) {
      const res = await agent.client.post(path, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    const tooLarge = recipients(Array.from({ length: 1000 }, (_, i) => ({ emailAddress: `r${i}@example.com` })));
    expect((await agent.client.post(path, tooLarge)).status).toBe(400);
    // Nothing refused reached the job: the address still takes mail.
    expect((await sendEmail(agent.client, created.body.id)).status).toBe(201);
  });

  it('sms-inbound: runs the job on a two-way text, and refuses a body that is no two-way text', async () => {
    // Prepare: an agent who texted a client at this number (awake now), so a text from it is a reply.
    const phone = '+15125556104';
    const agent = await signedInAgent(api);
    const created = await agent.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtLocalHour(12) }));
    await agent.client.patch(`/api/clients/${created.body.id}`, { smsConsent: 'granted' });
    const sent = await agent.client.post(`/api/clients/${created.body.id}/messages`, { channel: 'sms', body: 'Hi!' });
    expect(sent.status).toBe(201);
    // Act
    const ok = await api.client().post('/local/jobs/sms-inbound', { ...twoWayText(phone), messageBody: 'Sounds good' });
    // Assess
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ handled: ['reply'] });
    expect((await agent.client.get('/api/conversations')).body.unreadTotal).toBe(1);
    const bad = await api.client().post('/local/jobs/sms-inbound', { originationNumber: phone });
    expect(bad.status).toBe(400);
  });
});
