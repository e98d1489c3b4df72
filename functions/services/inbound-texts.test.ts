// Texts to the shared number, against the table: a text goes to an agent only when exactly one agent texted that
// number within the reply window. When several did, it goes to none of them: the person is asked once which agent it
// is for, and their answer takes the held texts (and the later ones) to that agent; STOP still reaches every agent.
import { listActivity } from '../data/messages';
import { getClient } from '../data/clients';
import { rememberTextedPhone } from '../data/texted-phones';
import { agentItem, clientItem } from '../testing/factories';
import { textablePhone } from '../testing/phones';
import { startTestTable, type TestTable } from '../testing/table';
import { handleInboundText, REPLY_WINDOW_DAYS } from './inbound-texts';

let testTable: TestTable;
beforeAll(async () => {
  process.env.SESSION_SECRET = 'inbound-texts-test-root-secret-0123456789';
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

const DAY_MS = 86_400_000;
let numbers = 0;
/** A person's number, and a client at it for each agent, texted by that agent `daysAgo` days before now. */
async function sharedNumber(agents: Array<{ businessName?: string; daysAgo: number }>) {
  numbers += 1;
  const phone = textablePhone(`${Date.now() % 1_000_000}${numbers}`.padStart(10, '0'));
  const e164 = `+1${phone.replace(/\D/g, '').slice(-10)}`;
  const books = [];
  for (const { businessName, daysAgo } of agents) {
    const agent = await agentItem(businessName ? { businessName } : {});
    const client = await clientItem(agent.id, { name: 'Pat Rivera', phone });
    await rememberTextedPhone(e164, agent.id, client.id, new Date(Date.now() - daysAgo * DAY_MS));
    books.push({ agentId: agent.id, clientId: client.id });
  }
  const text = (body: string, sourceId?: string) =>
    handleInboundText({ from: e164, to: '+15550100', body, provider: 'twilio', at: new Date(), sourceId });
  return { e164, books, text };
}

const inboundBodies = async (clientId: string) =>
  (await listActivity(clientId)).flatMap((item) =>
    item.type === 'message' && item.direction === 'inbound' ? [item.body] : [],
  );

describe('a text to the shared number', () => {
  it('goes to the one agent who texted that number in the window', async () => {
    const { books, text } = await sharedNumber([{ daysAgo: 3 }, { daysAgo: REPLY_WINDOW_DAYS + 1 }]);
    expect(await text('Saturday works')).toMatchObject({ kind: 'reply', agentId: books[0]!.agentId });
    expect(await inboundBodies(books[0]!.clientId)).toEqual(['Saturday works']);
    expect(await inboundBodies(books[1]!.clientId)).toEqual([]);
  });

  it('"YES" is a reply that reaches the inbox, not an opt-in', async () => {
    const { books, text } = await sharedNumber([{ daysAgo: 1 }]);
    expect(await text('Yes')).toMatchObject({ kind: 'reply', agentId: books[0]!.agentId });
    expect(await inboundBodies(books[0]!.clientId)).toEqual(['Yes']);
  });

  it('from a number two agents texted goes to neither: the person is asked once, naming them by business name', async () => {
    const { books, text } = await sharedNumber([
      { businessName: 'Whitfield Homes', daysAgo: 5 },
      { businessName: 'Keller Realty', daysAgo: 1 },
    ]);
    const first = await text('Is the open house still on?', 'SM1');
    // The most recent texter first.
    expect(first).toEqual({
      kind: 'held',
      reply:
        'Several agents text you from this number. Which one is your message for? Reply 1 for Keller Realty, 2 for Whitfield Homes.',
    });
    // A second text before the answer is held too, and not asked again.
    expect(await text('And is parking free?', 'SM2')).toEqual({ kind: 'held' });
    for (const { clientId } of books) expect(await inboundBodies(clientId)).toEqual([]);

    // The answer takes both held texts to the chosen agent, and only to them.
    expect(await text('2', 'SM3')).toMatchObject({ kind: 'reply', agentId: books[0]!.agentId });
    expect((await inboundBodies(books[0]!.clientId)).sort()).toEqual(
      ['And is parking free?', 'Is the open house still on?'].sort(),
    );
    expect(await inboundBodies(books[1]!.clientId)).toEqual([]);
    // Later texts follow the choice; a later "1" is a message, not a new choice.
    expect(await text('1', 'SM4')).toMatchObject({ kind: 'reply', agentId: books[0]!.agentId });
    expect(await inboundBodies(books[1]!.clientId)).toEqual([]);
  });

  it('an answer that names no agent is held, and not asked again', async () => {
    const { books, text } = await sharedNumber([{ daysAgo: 2 }, { daysAgo: 1 }]);
    expect((await text('Hello')).kind).toBe('held');
    expect(await text('7')).toEqual({ kind: 'held' });
    for (const { clientId } of books) expect(await inboundBodies(clientId)).toEqual([]);
  });

  it('STOP still reaches every agent who texted the number, and HELP names none of them', async () => {
    const { books, text } = await sharedNumber([
      { businessName: 'Whitfield Homes', daysAgo: 2 },
      { businessName: 'Keller Realty', daysAgo: 1 },
    ]);
    const help = await text('HELP');
    expect(help.kind).toBe('help');
    expect(JSON.stringify(help)).not.toMatch(/Whitfield|Keller/);
    expect(await text('STOP')).toEqual({ kind: 'opted-out', clients: 2 });
    for (const { agentId, clientId } of books) expect((await getClient(agentId, clientId))?.smsOptedOut).toBe(true);
  });
});
