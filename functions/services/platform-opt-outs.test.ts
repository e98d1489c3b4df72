// The platform's opt-outs against the table alone (no HTTP): a number that texted STOP and an address SES bounced or
// complained of are refused by the send paths, are stored only as keyed hashes, and a record from before the hash
// (the number or address in clear) is still honoured.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newClientItem } from '../data/clients';
import { db, table } from '../data/db';
import * as optOuts from '../data/opt-out-marks';
import type { UserItem } from '../data/users';
import { attestedConsent } from '../testing/factories';
import { dbCallsOf } from '../testing/db-calls';
import { startTestTable, type TestTable } from '../testing/table';
import { emailDestination, textDestinationOf } from './messages';

let testTable: TestTable;
beforeAll(async () => {
  process.env.SESSION_SECRET = 'platform-opt-outs-test-root-secret-0123456789';
  process.env.SMS_PROVIDER = 'outbox';
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

const now = new Date('2026-11-27T12:00:00Z');
let clients = 0;
/** A client that is only a value: the send paths read it, nothing stores it. */
function client(email: string, phone: string) {
  clients += 1;
  return newClientItem('agent-p', `client-p${clients}`, { name: 'Ana Ruiz', email, phone }, now, {
    smsConsent: attestedConsent(now),
  });
}
const agent = { id: 'agent-p' } as UserItem;

describe('the platform opt-outs', () => {
  it('refuses a text to a number that texted STOP', async () => {
    await optOuts.markPhoneOptedOut('+15125550142', 'twilio', now);
    expect(await textDestinationOf(agent, client('a@example.com', '+15125550142'), now)).toEqual({
      kind: 'opted-out',
      channel: 'sms',
    });
    expect(await textDestinationOf(agent, client('b@example.com', '+15125550143'), now)).toBe('+15125550143');
  });

  it('refuses an e-mail to an address SES bounced, whatever its case', async () => {
    await optOuts.suppressEmail('bounced@example.com', 'bounce', now);
    expect(await emailDestination(client('Bounced@Example.com', ''))).toEqual({
      kind: 'email-suppressed',
      reason: 'bounce',
    });
    expect(await emailDestination(client('fine@example.com', ''))).toBe('fine@example.com');
  });

  it('keeps neither the number nor the address in clear', async () => {
    await optOuts.markPhoneOptedOut('+15125550199', 'sns', now);
    await optOuts.suppressEmail('complained@example.com', 'complaint', now);
    const items = JSON.stringify(await testTable.scan());
    expect(items).toContain('sms-opt-out');
    expect(items).toContain('mail-suppression');
    for (const clear of ['5125550199', '5125550142', 'complained@example.com', 'bounced@example.com'])
      expect(items).not.toContain(clear);
  });

  it('still honours a record from before the hash, which held the number or address itself', async () => {
    const legacy = [
      { pk: 'SMSOPTOUT#+15125550177', sk: 'OPTOUT', type: 'sms-opt-out', source: 'twilio' },
      { pk: 'MAILSUPPRESS#old@example.com', sk: 'SUPPRESS', type: 'mail-suppression', reason: 'complaint' },
    ];
    for (const Item of legacy) await db().send(new PutCommand({ TableName: table(), Item }));
    expect(await optOuts.isPhoneOptedOut('+15125550177')).toBe(true);
    expect(await textDestinationOf(agent, client('c@example.com', '+15125550177'), now)).toEqual({
      kind: 'opted-out',
      channel: 'sms',
    });
    expect(await emailDestination(client('old@example.com', ''))).toEqual({
      kind: 'email-suppressed',
      reason: 'complaint',
    });
  });

  it('rewrites the records from before the hash under it, once, and still honours them', async () => {
    // Prepare: the clear records of before, one of them already hashed too (a STOP after the deploy).
    const legacy = [
      { pk: 'SMSOPTOUT#+15125550188', sk: 'OPTOUT', type: 'sms-opt-out', source: 'sns' },
      { pk: 'SMSOPTOUT#+15125550189', sk: 'OPTOUT', type: 'sms-opt-out', source: 'twilio' },
      { pk: 'MAILSUPPRESS#gone@example.com', sk: 'SUPPRESS', type: 'mail-suppression', reason: 'bounce' },
    ];
    for (const Item of legacy) await db().send(new PutCommand({ TableName: table(), Item }));
    await optOuts.markPhoneOptedOut('+15125550189', 'sns', now);

    // Act
    const first = await optOuts.rehashLegacyPlatformRecords();
    const again = await optOuts.rehashLegacyPlatformRecords();

    // Assess: nothing in clear any more, each still refused, and a second run finds nothing to do.
    expect(first.rehashed).toBeGreaterThanOrEqual(legacy.length);
    expect(again).toEqual({ rehashed: 0 });
    const items = JSON.stringify(await testTable.scan());
    for (const clear of ['5125550188', '5125550189', 'gone@example.com']) expect(items).not.toContain(clear);
    expect(await optOuts.isPhoneOptedOut('+15125550188')).toBe(true);
    expect(await optOuts.isPhoneOptedOut('+15125550189')).toBe(true);
    expect(await emailDestination(client('gone@example.com', ''))).toEqual({
      kind: 'email-suppressed',
      reason: 'bounce',
    });
  });

  it("decides a destination with one read: the agent's mark of an erased client's opt-out, then the platform's record", async () => {
    // Prepare: the agent's mark of an address that is also suppressed, and the agent's mark of a number.
    await optOuts.rememberOptOut(agent.id, 'email', 'both@example.com', now);
    await optOuts.suppressEmail('both@example.com', 'bounce', now);
    await optOuts.suppressEmail('only-bounced@example.com', 'complaint', now);
    await optOuts.rememberOptOut(agent.id, 'sms', '+15125550166', now);
    // Act + Assess: the agent's own mark wins (opted out, not suppressed); the platform's record alone suppresses.
    const { result, calls } = await dbCallsOf(async () => [
      await emailDestination(client('Both@example.com', '')),
      await emailDestination(client('only-bounced@example.com', '')),
      await emailDestination(client('clear@example.com', '')),
    ]);
    expect(result).toEqual([
      { kind: 'opted-out', channel: 'email' },
      { kind: 'email-suppressed', reason: 'complaint' },
      'clear@example.com',
    ]);
    expect(calls.map((call) => call.name)).toEqual(['BatchGetCommand', 'BatchGetCommand', 'BatchGetCommand']);
    expect(await textDestinationOf(agent, client('t@example.com', '+15125550166'), now)).toEqual({
      kind: 'opted-out',
      channel: 'sms',
    });
  });
});
