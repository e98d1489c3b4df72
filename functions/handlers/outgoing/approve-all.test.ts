// "Approve all" within API Gateway's 29 s: it stops on the function's time budget (injected here) and answers what it
// did and where to continue; a send that stops on an error leaves its message waiting, never `sending`.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../data/db';
import { sendCountKey } from '../../data/keys/counters';
import { getMessage, putMessageOnce, type MessageItem } from '../../data/messages';
import { countSoFar } from '../../data/outbound-caps';
import { getUserById } from '../../data/users';
import { APPROVAL_TIME_MS, approveAll } from '../../services/broadcasts';
import { unsubscribeToken } from '../../services/unsubscribe';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { approveAllResult, resetSendingSettings, zoneAtLocalHour } from '../../testing/sending';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(() => {
  jest.restoreAllMocks();
  resetSendingSettings();
});

const utcToday = () => new Date().toISOString().slice(0, 10);

/** `count` clients of a new agent, each with a message waiting for approval, in the order of their ids. */
async function agentWithWaiting(count: number, channel: 'email' | 'sms' = 'email') {
  const agent = await signedInAgent(api);
  const waiting: Array<{ clientId: string; id: string; to: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const fields = channel === 'sms' ? { timeZone: zoneAtLocalHour(12) } : {};
    const res = await agent.client.post('/api/clients', clientInput(fields));
    if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
    if (channel === 'sms') await grantTexts(agent.client, res.body.id);
    const id = `waiting-${i}`;
    await putMessageOnce({
      id,
      agentId: agent.user.id,
      clientId: res.body.id,
      channel,
      occasion: 'check-in',
      automatic: true,
      ...(channel === 'email' ? { subject: 'Checking in' } : {}),
      body: `Hello number ${i}, just checking in.`,
      to: channel === 'email' ? res.body.email : res.body.phone,
      status: 'awaiting-approval',
      slotDay: utcToday(),
      createdAt: new Date().toISOString(),
    });
    waiting.push({ clientId: res.body.id, id, to: res.body.email });
  }
  return { ...agent, item: (await getUserById(agent.user.id))!, waiting };
}

async function grantTexts(client: ApiClient, clientId: string) {
  const res = await client.patch(`/api/clients/${clientId}`, { smsConsent: 'granted' });
  if (res.status !== 200) throw new Error(`consent failed: ${res.status} ${res.text}`);
}

const statuses = async (waiting: Array<{ clientId: string; id: string }>) =>
  Promise.all(waiting.map(async (w) => (await getMessage(w.clientId, w.id))!.status));

/** A time budget that has room for `approvals` messages, then runs short. */
function budgetFor(approvals: number) {
  let checks = 0;
  // The first message is approved without asking; each later one asks first.
  return () => (++checks < approvals ? 20_000 : APPROVAL_TIME_MS - 1);
}

describe('POST /api/outgoing/approve-all: the time budget', () => {
  it('stops before the function runs out of time, says how many remain, and the next request approves the rest', async () => {
    const { item, waiting } = await agentWithWaiting(5);

    const first = await approveAll(item, undefined, new Date(), { remainingMs: budgetFor(2) });

    expect(first).toEqual(approveAllResult({ sent: 2, remaining: 3, continueAfter: 'waiting-1' }));
    // Nothing half-done: the approved ones went, the rest still wait.
    expect(await statuses(waiting)).toEqual([
      'sent',
      'sent',
      'awaiting-approval',
      'awaiting-approval',
      'awaiting-approval',
    ]);
    const outbox = await api.outbox();
    expect(waiting.map((w) => outbox.filter((m) => m.to === w.to).length)).toEqual([1, 1, 0, 0, 0]);

    const rest = await approveAll(item, undefined, new Date(), { after: first.continueAfter! });

    expect(rest).toMatchObject({ sent: 3, failed: 0, remaining: 0, continueAfter: null });
    expect(await statuses(waiting)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('approves one message at least whatever the budget, so each request moves on', async () => {
    const { item, waiting } = await agentWithWaiting(2);

    const first = await approveAll(item, undefined, new Date(), { remainingMs: () => 0 });

    expect(first).toMatchObject({ sent: 1, remaining: 1, continueAfter: waiting[0]!.id });
  });

  it('continues after a message it could not approve, without trying it again', async () => {
    const { item, waiting } = await agentWithWaiting(3);
    // The second client unsubscribed since: refused (failed), and it stays waiting for the agent to skip.
    const token = await unsubscribeToken(item.id, waiting[1]!.clientId);
    expect((await api.client().post(`/api/unsubscribe/${token}`, {})).status).toBe(200);

    const first = await approveAll(item, undefined, new Date(), { remainingMs: budgetFor(2) });
    expect(first).toMatchObject({ sent: 1, failed: 1, remaining: 1, continueAfter: waiting[1]!.id });
    const rest = await approveAll(item, undefined, new Date(), { after: first.continueAfter! });
    expect(rest).toMatchObject({ sent: 1, failed: 0, remaining: 0, continueAfter: null });
  });

  it('answers the body with remaining and continueAfter over HTTP, and refuses an `after` that is not an id', async () => {
    const { client, waiting } = await agentWithWaiting(1);
    const res = await client.post('/api/outgoing/approve-all', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(approveAllResult({ sent: 1 }));
    expect((await getMessage(waiting[0]!.clientId, waiting[0]!.id))!.status).toBe('sent');
    const bad = await client.post('/api/outgoing/approve-all', { after: 'not an id!' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('POST /api/outgoing/approve-all: a send stopped by an error', () => {
  /** Fails the n-th read of "was this number texted before" (the step just before the text provider is asked). */
  function failTextedPhoneRead(n: number) {
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let reads = 0;
    jest.spyOn(client, 'send').mockImplementation(((command: { input?: { Key?: { pk?: string } } }) => {
      if (command instanceof GetCommand && String(command.input?.Key?.pk).startsWith('SMSPHONE#')) {
        reads += 1;
        if (reads === n)
          return Promise.reject(Object.assign(new Error('Throughput exceeded'), { name: 'ThrottlingException' }));
      }
      return send(command);
    }) as never);
  }

  it('puts the message back in the queue (never `sending`), its daily slot given back, answers what was done, and approving it again sends it', async () => {
    const { item, waiting } = await agentWithWaiting(3, 'sms');
    failTextedPhoneRead(2);

    const first = await approveAll(item, undefined, new Date());

    expect(first).toMatchObject({ sent: 1, failed: 0, remaining: 2, continueAfter: waiting[0]!.id });
    expect(await statuses(waiting)).toEqual(['sent', 'awaiting-approval', 'awaiting-approval']);
    const back = (await getMessage(waiting[1]!.clientId, waiting[1]!.id)) as MessageItem;
    expect(back.problem).toBeUndefined();
    // Only the text that left holds a slot of today's cap.
    expect(await countSoFar(sendCountKey(item.id, 'sms', utcToday()))).toBe(1);

    jest.restoreAllMocks();
    const rest = await approveAll(item, undefined, new Date(), { after: first.continueAfter! });
    expect(rest).toMatchObject({ sent: 2, failed: 0, remaining: 0 });
    expect(await statuses(waiting)).toEqual(['sent', 'sent', 'sent']);
  });

  it('answers the error when the first message of the request fails, the message still waiting', async () => {
    const { item, waiting } = await agentWithWaiting(2, 'sms');
    failTextedPhoneRead(1);

    await expect(approveAll(item, undefined, new Date())).rejects.toThrow('Throughput exceeded');

    expect(await statuses(waiting)).toEqual(['awaiting-approval', 'awaiting-approval']);
  });
});
