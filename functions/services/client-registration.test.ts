// Consent to texts typed into the directory form, as the use cases see it (called directly, over the table and the
// local outbox): anyone can type any number, so the ticked box counts only once the number itself answers YES to the
// text we send it. Until then the consent is pending and no text of the agent's goes to it.
import { SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { resetConfig } from '../config';
import { findClientIdByEmail } from '../data/client-email-locks';
import { getClient, toClient } from '../data/clients';
import { markPhoneOptedOut } from '../data/opt-out-marks';
import { agentItem, clientItem } from '../testing/factories';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';
import { tokenOf } from '../testing/local-api';
import { textablePhone } from '../testing/phones';
import { resetSendingSettings } from '../testing/sending';
import { confirmRegistration, registerClient } from './client-registration';
import { handleInboundText } from './inbound-texts';
import { sendClientMessage } from './messages';
import { reserveDailySend } from './send-limits';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let people = 0;
/** A visitor of the directory (their own address and number) who ticks the box. */
function visitor() {
  people += 1;
  const phone = textablePhone(`${Date.now() % 1_000_000}${people}`.padStart(10, '0'));
  return {
    phone,
    e164: `+1${phone.replace(/\D/g, '').slice(-10)}`,
    email: `visitor${people}-${Date.now() % 100_000}@example.com`,
    ip: `203.0.113.${people}`,
  };
}
const register = (agentId: string, who: ReturnType<typeof visitor>) =>
  registerClient(
    {
      via: 'directory',
      agentId,
      client: { name: 'Dora Directory', email: who.email, phone: who.phone, smsConsent: true },
    },
    who.ip,
    quiet,
  );
const textsTo = async (e164: string) => (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === e164);
async function clientAt(agentId: string, email: string) {
  const id = await findClientIdByEmail(agentId, email);
  return (await getClient(agentId, id!))!;
}
const hello = { channel: 'sms', body: 'Hello from your realtor' } as const;

describe('consent to texts from the directory form', () => {
  it('is pending, and the number is asked to confirm by YES; texts are refused until it answers', async () => {
    const agent = await agentItem({ businessName: 'Whitfield Homes' });
    const who = visitor();
    expect(await register(agent.id, who)).toMatchObject({ created: true });
    const client = await clientAt(agent.id, who.email);
    expect(toClient(client).smsConsent).toEqual({
      status: 'pending',
      source: 'client-form',
      at: expect.any(String),
      words: SMS_CONSENT_WORDS,
    });
    const asked = await textsTo(who.e164);
    expect(asked.map((m) => m.text)).toEqual([
      `Whitfield Homes: reply YES to get texts from ${agent.fullName}. Reply STOP to opt out.`,
    ]);
    expect(asked[0]!.text.length).toBeLessThanOrEqual(160);
    expect(await sendClientMessage(agent, client.id, hello)).toEqual({ kind: 'no-sms-consent' });

    // The number's own YES: the consent counts, from the confirmed form, with the words the box stood beside.
    const yes = await handleInboundText({
      from: who.e164,
      to: '+15550100',
      body: 'Yes',
      provider: 'sns',
      at: new Date(),
    });
    expect(yes).toEqual({ kind: 'consent-confirmed', agentId: agent.id, clientId: client.id });
    expect(toClient((await getClient(agent.id, client.id))!).smsConsent).toMatchObject({
      status: 'granted',
      source: 'form-confirmed',
      words: SMS_CONSENT_WORDS,
    });
    expect(await sendClientMessage(agent, client.id, hello)).toMatchObject({
      status: expect.stringMatching(/^(sent|scheduled)$/),
    });
  });

  it('for a client the agent already has counts once they confirm the details, and then only after the YES', async () => {
    const agent = await agentItem();
    const who = visitor();
    const existing = await clientItem(agent.id, { email: who.email, phone: who.phone });
    await register(agent.id, who);
    const link = /https?:\/\/\S+/.exec(
      (await api.outbox()).filter((m) => m.to === who.email && m.text.includes('/client-registration/confirm')).at(-1)
        ?.text ?? '',
    )?.[0];
    expect(await confirmRegistration(tokenOf(link!), quiet)).toMatchObject({ agentName: agent.fullName });
    expect(toClient((await getClient(agent.id, existing.id))!).smsConsent).toMatchObject({
      status: 'pending',
      source: 'client-form',
    });
    expect(await textsTo(who.e164)).toHaveLength(1);
    expect(await sendClientMessage(agent, existing.id, hello)).toEqual({ kind: 'no-sms-consent' });
  });

  it('asks no number that texted STOP: the client starts opted out', async () => {
    const agent = await agentItem();
    const who = visitor();
    await markPhoneOptedOut(who.e164, 'twilio');
    await register(agent.id, who);
    expect(toClient(await clientAt(agent.id, who.email)).smsConsent).toMatchObject({ status: 'revoked' });
    expect(await textsTo(who.e164)).toEqual([]);
  });

  it('asks within the agent’s daily text cap: past it, no text goes and the consent stays pending', async () => {
    process.env.DAILY_SMS_LIMIT = '1';
    resetConfig();
    const agent = await agentItem();
    expect(await reserveDailySend(agent, 'sms')).toMatchObject({ agentId: agent.id });
    const who = visitor();
    await register(agent.id, who);
    expect(toClient(await clientAt(agent.id, who.email)).smsConsent).toMatchObject({ status: 'pending' });
    expect(await textsTo(who.e164)).toEqual([]);
  });
});
