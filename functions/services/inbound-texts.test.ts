// Texts to the shared number, against the table: a text goes to an agent only when exactly one agent texted that
// number within the reply window. When several did, it goes to none of them: the person is asked once which agent it
// is for, and their answer takes the held texts (and the later ones) to that agent; STOP still reaches every agent.
import { SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { updateClient } from '../client-record/record';
import { listActivity } from '../data/messages';
import { getClient, toClient } from '../data/clients';
import { isPhoneOptedOut, markPhoneOptedOut } from '../data/opt-out-marks';
import { rememberOptInRequest, rememberTextedPhone } from '../data/texted-phones';
import type { ConsentRequest } from '../domain/sms-consent';
import { agentItem, clientItem } from '../testing/factories';
import { textablePhone } from '../testing/phones';
import { startTestTable, type TestTable } from '../testing/table';
import { handleInboundText, REPLY_WINDOW_DAYS } from './inbound-texts';
import { setSmsConsent } from './sms-consent';

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

/** A person's number, not yet texted by anyone. */
function freshNumber() {
  numbers += 1;
  const phone = textablePhone(`${Date.now() % 1_000_000}${numbers}`.padStart(10, '0'));
  const e164 = `+1${phone.replace(/\D/g, '').slice(-10)}`;
  const text = (body: string, at = new Date()) =>
    handleInboundText({ from: e164, to: '+15550100', body, provider: 'twilio', at });
  return { phone, e164, text };
}
const consentOf = async (agentId: string, clientId: string) =>
  toClient((await getClient(agentId, clientId))!).smsConsent;

describe('START', () => {
  it('gives consent back only to a client whose consent a keyword revoked at that number', async () => {
    const { phone, e164, text } = freshNumber();
    const agent = await agentItem();
    const at = new Date(Date.now() - DAY_MS);
    const later = new Date(at.getTime() + 60_000);
    const texted = async (consent?: ConsentRequest) => {
      const client = await clientItem(agent.id, { phone });
      if (consent) await setSmsConsent(agent.id, client.id, consent, at);
      await rememberTextedPhone(e164, agent.id, client.id, at);
      return client.id;
    };
    const attested = { status: 'granted', source: 'agent-attested' } as const;
    const stopped = await texted(attested);
    await setSmsConsent(agent.id, stopped, { status: 'revoked', source: 'keyword' }, later);
    // The agent took their attestation back; the agent revoked it; no one ever gave it.
    const withdrawn = await texted(attested);
    await setSmsConsent(agent.id, withdrawn, { status: 'none', source: 'agent-attested' }, later);
    const revokedByAgent = await texted(attested);
    await setSmsConsent(agent.id, revokedByAgent, { status: 'revoked', source: 'agent-attested' }, later);
    const never = await texted();
    // Stopped by a keyword, but the client's number is another one now: a START from the old number is not theirs.
    const moved = await texted(attested);
    await setSmsConsent(agent.id, moved, { status: 'revoked', source: 'keyword' }, later);
    await updateClient(agent.id, moved, { phone: textablePhone('5125550199') }, later);

    expect(await text('START')).toEqual({ kind: 'opted-in', clients: 1 });

    expect(await consentOf(agent.id, stopped)).toMatchObject({ status: 'granted', source: 'keyword' });
    expect((await getClient(agent.id, stopped))?.smsOptedOut).toBe(false);
    expect(await consentOf(agent.id, withdrawn)).toMatchObject({ status: 'none', source: 'agent-attested' });
    expect(await consentOf(agent.id, revokedByAgent)).toMatchObject({ status: 'revoked', source: 'agent-attested' });
    expect(await consentOf(agent.id, never)).toEqual({ status: 'none', source: null, at: null });
    expect(await consentOf(agent.id, moved)).toMatchObject({ status: 'revoked', source: 'keyword' });
    expect((await getClient(agent.id, moved))?.smsOptedOut).toBe(true);
  });

  it('still lifts the number’s own opt-out, so texts go again where consent exists', async () => {
    const { e164, text } = freshNumber();
    await markPhoneOptedOut(e164, 'twilio');
    expect(await isPhoneOptedOut(e164)).toBe(true);
    expect(await text('unstop')).toEqual({ kind: 'opted-in', clients: 0 });
    expect(await isPhoneOptedOut(e164)).toBe(false);
  });
});

describe('YES', () => {
  /** A client who ticked the directory form's box (consent pending), and the text asking the number to confirm. */
  async function askedToConfirm() {
    const number = freshNumber();
    const agent = await agentItem({ businessName: 'Whitfield Homes' });
    const client = await clientItem(agent.id, { phone: number.phone });
    const asked = new Date(Date.now() - 60_000);
    const pending = { status: 'pending', source: 'client-form', words: SMS_CONSENT_WORDS } as const;
    await setSmsConsent(agent.id, client.id, pending, asked);
    await rememberOptInRequest(number.e164, agent.id, client.id, asked);
    return { ...number, agent, client, asked };
  }

  it.each(['YES', ' yes ', 'Yes!'])(
    '%j answering our request for an opt-in confirms that client’s pending consent, and is no reply',
    async (yes) => {
      const { agent, client, text } = await askedToConfirm();
      expect(await text(yes)).toEqual({ kind: 'consent-confirmed', agentId: agent.id, clientId: client.id });
      expect(await consentOf(agent.id, client.id)).toEqual({
        status: 'granted',
        source: 'form-confirmed',
        at: expect.any(String),
        words: SMS_CONSENT_WORDS,
      });
      expect(await inboundBodies(client.id)).toEqual([]);
      // The request is answered: a later YES is a reply like any other.
      expect(await text('Yes')).toMatchObject({ kind: 'reply', agentId: agent.id, clientId: client.id });
      expect(await inboundBodies(client.id)).toEqual(['Yes']);
    },
  );

  it('is a reply, and confirms nothing, when the last text to that number was not the request', async () => {
    const { e164, agent, client, asked, text } = await askedToConfirm();
    // The agent's own text to the client went after the request.
    await rememberTextedPhone(e164, agent.id, client.id, new Date(asked.getTime() + 1000));
    expect(await text('YES')).toMatchObject({ kind: 'reply', agentId: agent.id, clientId: client.id });
    expect(await inboundBodies(client.id)).toEqual(['YES']);
    expect(await consentOf(agent.id, client.id)).toMatchObject({ status: 'pending' });
  });

  it('never confirms a consent the keyword did not ask for: STOP after the request revokes it, and YES stays a reply', async () => {
    const { agent, client, text } = await askedToConfirm();
    expect(await text('STOP')).toEqual({ kind: 'opted-out', clients: 1 });
    expect((await text('YES')).kind).not.toBe('consent-confirmed');
    expect(await consentOf(agent.id, client.id)).toMatchObject({ status: 'revoked', source: 'keyword' });
  });
});
