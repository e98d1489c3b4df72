// The reminders worker works to the function's time (injected here, as Lambda's remaining time): what it did not start
// or finish goes back to SQS as partial batch failures, and a digest taken up again makes only what is left.
import { getDigest } from '../data/digests';
import { getMessage } from '../data/messages';
import { sqsEvent } from '../local/reminders-job';
import { automaticMessageId } from '../services/automations';
import { automationRule, clientInput } from '../testing/factories';
import { signedInAgent } from '../testing/local-api';
import { handleBatch, RECORD_START_MARGIN_MS } from './reminders-worker';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const DAY = '2025-03-09';
const NOW = new Date(`${DAY}T13:00:00Z`);

/** A budget that answers these remaining times in turn, then the last one again. */
function remainingTimes(...times: number[]) {
  let call = 0;
  return () => times[Math.min(call++, times.length - 1)]!;
}

describe('the reminders worker on a time budget', () => {
  it('hands back the messages it did not start as batch item failures, and their next delivery sends them', async () => {
    // Prepare
    const agents = await Promise.all([1, 2, 3].map(() => signedInAgent(api)));
    const event = sqsEvent(agents.map(({ user }) => ({ agentId: user.id, date: DAY })));
    const [, ...rest] = event.Records;

    // Act: room for one message, then less than the margin a message needs.
    const cut = await handleBatch(event, NOW, remainingTimes(600_000, RECORD_START_MARGIN_MS - 1));

    // Assess
    expect(cut).toEqual({ batchItemFailures: rest.map((r) => ({ itemIdentifier: r.messageId })) });
    expect((await getDigest(agents[0]!.user.id, DAY))?.status).toBe('sent');
    expect(await getDigest(agents[1]!.user.id, DAY)).toBeUndefined();
    expect(await getDigest(agents[2]!.user.id, DAY)).toBeUndefined();

    const again = await handleBatch({ Records: rest }, NOW);
    expect(again).toEqual({ batchItemFailures: [] });
    for (const { user } of agents) expect((await getDigest(user.id, DAY))?.status).toBe('sent');
  });

  it("stops a digest's automatic messages before the timeout, gives the day back, and the retry makes only the rest", async () => {
    // Prepare: an agent with a birthday rule and two clients born on the day.
    const agent = await signedInAgent(api);
    const rules = await agent.client.put('/api/user/automations', { rules: [automationRule()] });
    expect(rules.status).toBe(200);
    const clients: Array<{ id: string }> = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await agent.client.post('/api/clients', clientInput({ birthday: `1984-${DAY.slice(5)}` }));
      expect(res.status).toBe(201);
      clients.push(res.body);
    }
    const messageOf = (clientId: string) => getMessage(clientId, automaticMessageId(clientId, 'birthday', 2025));
    const event = sqsEvent([{ agentId: agent.user.id, date: DAY }]);

    // Act: the message starts, the first automatic message is made, then the time runs short.
    const cut = await handleBatch(event, NOW, remainingTimes(600_000, 600_000, 10_000));

    // Assess
    expect(cut).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] });
    expect(await getDigest(agent.user.id, DAY)).toBeUndefined();
    const made = (await Promise.all(clients.map((c) => messageOf(c.id)))).filter(Boolean);
    expect(made).toHaveLength(1);

    const again = await handleBatch(event, NOW);
    expect(again).toEqual({ batchItemFailures: [] });
    expect((await getDigest(agent.user.id, DAY))?.status).toBe('sent');
    const all = await Promise.all(clients.map((c) => messageOf(c.id)));
    expect(all.map((m) => m?.status)).toEqual(['awaiting-approval', 'awaiting-approval']);
    // The one made before the cut is the same message, not a second draft.
    expect(all.find((m) => m!.id === made[0]!.id)!.createdAt).toBe(made[0]!.createdAt);
  });
});
