// What the API test files that send messages share: a client e-mailed, the whole answer of Approve all, the sending
// settings a test may change put back after each test, a clock the test sets, and time zones chosen by the hour.
import type { ApproveAllResult } from '@shared/api-types';
import { applySettings } from './settings';
import { clientInput } from './factories';
import type { ApiClient, ApiUnderTest } from './local-api';

/**
 * A new client (`fields` over clientInput) of the agent signed in as `agent`, and an e-mail the agent sent them: the
 * client's id and address, and the Reply-To of that mail (where the client's reply goes). The newest such mail is
 * taken: every agent's client may have the same address.
 */
export async function emailedClient(
  api: ApiUnderTest,
  agent: ApiClient,
  fields: Record<string, unknown>,
  mail: { subject: string; body: string },
): Promise<{ clientId: string; email: string; replyTo: string }> {
  const created = await agent.post('/api/clients', clientInput(fields));
  if (created.status !== 201) throw new Error(`client create failed: ${created.status} ${created.text}`);
  const clientId = created.body.id as string;
  const email = created.body.email as string;
  const sent = await agent.post(`/api/clients/${clientId}/messages`, { channel: 'email', ...mail });
  if (sent.status !== 201) throw new Error(`send failed: ${sent.status} ${sent.text}`);
  const outgoing = (await api.outbox()).filter((m) => m.to === email && m.subject === mail.subject).at(-1)!;
  return { clientId, email, replyTo: outgoing.headers!['Reply-To']! };
}

/** The agent signed in as `agent` e-mails their client (`mail`, or a short check-in): the API's answer. */
export const emailClient = (
  agent: ApiClient,
  clientId: string,
  mail: { subject: string; body: string } = { subject: 'Hello', body: 'Checking in.' },
) => agent.post(`/api/clients/${clientId}/messages`, { channel: 'email', ...mail });

/** Daily caps, the SES configuration set and the providers back to the local defaults. */
export function resetSendingSettings(): void {
  applySettings({
    DAILY_EMAIL_LIMIT: undefined,
    DAILY_SMS_LIMIT: undefined,
    SES_CONFIGURATION_SET: undefined,
    MAIL_PROVIDER: 'outbox',
    SMS_PROVIDER: 'outbox',
  });
}

/**
 * Fakes only the date, set to `now`: the timers, ticks and I/O the emulators and the jobs wait on stay real. Move it
 * with jest.setSystemTime; jest.useRealTimers puts the clock back.
 */
export function fakeDate(now: Date): void {
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
    now,
  });
}

/**
 * The whole answer of Approve all: `fields` over none sent, scheduled, held back or failed, no later send date and
 * nothing left to continue after.
 */
export const approveAllResult = (fields: Partial<ApproveAllResult>): ApproveAllResult => ({
  sent: 0,
  scheduled: 0,
  heldBack: 0,
  failed: 0,
  lastSendDate: null,
  remaining: 0,
  continueAfter: null,
  ...fields,
});

/** An Etc/GMT zone where it is now `hour` o'clock (Etc/GMT-5 is UTC+5). */
export function zoneAtLocalHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // The zone's canonical name (Intl spells Etc/GMT as UTC), as the API answers it.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
