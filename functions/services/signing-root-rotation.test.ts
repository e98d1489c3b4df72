// Replacing the signing root (README, Configuration: `{"keys":["<new>","<old>"]}`) against the table alone: what was
// kept or handed out as a keyed hash under the old root (an erased client's opt-out, a number's STOP, an address SES
// suppressed, the reply address of an e-mail already sent) still holds while both roots are in the secret, and, once
// `npm run optouts:rehash` has run, with the new root alone; the same through the purpose key alone (the jobs' view).
import { newClientItem } from '../data/clients';
import { markPhoneOptedOut, rehashMarks, rememberOptOut, suppressEmail } from '../data/opt-out-marks';
import type { UserItem } from '../data/users';
import { resetConfig } from '../config';
import { replyTokenOf } from '../domain/reply-address';
import { parseRootSecret, purposeKeysSecretValue, rootKeyId } from '../domain/signing-keys';
import { agentItem, attestedConsent, clientItem } from '../testing/factories';
import { startTestTable, type TestTable } from '../testing/table';
import { emailDestination, textDestinationOf } from './messages';
import { replyRecipient, replyToFor } from './reply-addresses';

const ROOT_A = 'the-first-signing-root-of-this-test-0123456789';
const ROOT_B = 'the-signing-root-that-replaced-it-9876543210';
const DOMAIN = 'reply.example.com';

const STOPPED_NUMBER = '+15125550161';
const ERASED_CLIENTS_NUMBER = '+15125550162';
const ERASED_CLIENTS_EMAIL = 'unsubscribed@example.com';
const BOUNCED_EMAIL = 'bounced@example.com';

/** The functions' view of the signing secret: the root (routes) or the unsubscribe purpose key alone (jobs). */
function useSecret(secret: { root: string } | { unsubscribeKeyOf: string[] }) {
  delete process.env.SESSION_SECRET;
  delete process.env.UNSUBSCRIBE_SIGNING_KEY;
  if ('root' in secret) process.env.SESSION_SECRET = secret.root;
  else
    process.env.UNSUBSCRIBE_SIGNING_KEY = purposeKeysSecretValue(
      secret.unsubscribeKeyOf.map((root) => new TextEncoder().encode(root)),
      'unsubscribe',
    );
  resetConfig();
}
const rotated = { root: JSON.stringify({ keys: [ROOT_B, ROOT_A] }) };

let testTable: TestTable;
let agent: UserItem;
let replyToken: string;
let repliedClientId: string;
const now = new Date('2026-11-27T12:00:00Z');

/** A client that is only a value: the send paths read it, nothing stores it. */
const client = (email: string, phone: string) =>
  newClientItem(agent.id, `client-${email.split('@')[0]}`, { name: 'Ana Ruiz', email, phone }, now, {
    smsConsent: attestedConsent(now),
  });

async function expectEveryMarkHolds() {
  // An erased client's opt-outs, kept under the agent.
  expect(await emailDestination(client(ERASED_CLIENTS_EMAIL, ''))).toEqual({ kind: 'opted-out', channel: 'email' });
  expect(await textDestinationOf(agent, client('a@example.com', ERASED_CLIENTS_NUMBER), now)).toEqual({
    kind: 'opted-out',
    channel: 'sms',
  });
  // The platform's: a STOP from the number, an address SES bounced.
  expect(await textDestinationOf(agent, client('b@example.com', STOPPED_NUMBER), now)).toEqual({
    kind: 'opted-out',
    channel: 'sms',
  });
  expect(await emailDestination(client(BOUNCED_EMAIL, ''))).toEqual({ kind: 'email-suppressed', reason: 'bounce' });
  // A reply to an e-mail sent under the old root reaches its client.
  expect(await replyRecipient(replyToken)).toEqual({ agentId: agent.id, clientId: repliedClientId });
  // And nothing else is refused: the marks are of those addresses only.
  expect(await emailDestination(client('fine@example.com', ''))).toBe('fine@example.com');
}

beforeAll(async () => {
  process.env.SMS_PROVIDER = 'outbox';
  process.env.INBOUND_EMAIL_DOMAIN = DOMAIN;
  testTable = await startTestTable();
  // Prepare: everything kept as a keyed hash is made under root A.
  useSecret({ root: ROOT_A });
  agent = await agentItem();
  const replied = await clientItem(agent.id);
  repliedClientId = replied.id;
  await rememberOptOut(agent.id, 'email', ERASED_CLIENTS_EMAIL, now);
  await rememberOptOut(agent.id, 'sms', ERASED_CLIENTS_NUMBER, now);
  await markPhoneOptedOut(STOPPED_NUMBER, 'sns', now);
  await suppressEmail(BOUNCED_EMAIL, 'bounce', now);
  const replyTo = await replyToFor(agent, replied.id);
  replyToken = replyTokenOf(/<([^>]+)>/.exec(replyTo)![1]!, DOMAIN)!;
});
afterAll(async () => {
  delete process.env.INBOUND_EMAIL_DOMAIN;
  delete process.env.UNSUBSCRIBE_SIGNING_KEY;
  await testTable.close();
});

describe('replacing the signing root', () => {
  it('keeps every opt-out, suppression and reply address while the secret holds {"keys": [new, old]}', async () => {
    // Act
    useSecret(rotated);
    // Assess
    await expectEveryMarkHolds();
    // A new reply address is the new root's, and routes too.
    const fresh = replyTokenOf(/<([^>]+)>/.exec(await replyToFor(agent, repliedClientId))![1]!, DOMAIN)!;
    expect(fresh).not.toBe(replyToken);
    expect(await replyRecipient(fresh)).toEqual({ agentId: agent.id, clientId: repliedClientId });
  });

  it('keeps them through the unsubscribe purpose key alone, which the deploy derives from every root', async () => {
    // Act
    useSecret({ unsubscribeKeyOf: [ROOT_B, ROOT_A] });
    // Assess
    await expectEveryMarkHolds();
  });

  it('loses them with the new root alone until the re-hash has run (what the re-hash is for)', async () => {
    // Act
    useSecret({ root: ROOT_B });
    // Assess
    expect(await emailDestination(client(BOUNCED_EMAIL, ''))).toBe(BOUNCED_EMAIL);
    expect(await replyRecipient(replyToken)).toBeNull();
  });

  it('keeps them with the new root alone once npm run optouts:rehash ran under {"keys": [new, old]}, run twice', async () => {
    // Prepare
    useSecret(rotated);
    // Act
    const first = await rehashMarks();
    const again = await rehashMarks();
    useSecret({ root: ROOT_B });
    // Assess
    const oldKeyId = rootKeyId(parseRootSecret(ROOT_A)[0]!);
    expect(first.carriedKeys).toEqual([oldKeyId]);
    expect(again.carriedKeys).toEqual([oldKeyId]);
    await expectEveryMarkHolds();
    // The purpose key of the new root alone (the deploy after the old root left the secret) holds them too.
    useSecret({ unsubscribeKeyOf: [ROOT_B] });
    await expectEveryMarkHolds();
    // What is kept holds no old key in clear: only the root's key id and a sealed value.
    const carried = (await testTable.scan()).find((item) => item.type === 'carried-mark-keys')!;
    expect(Object.keys(carried).sort()).toEqual(['kids', 'pk', 'sealed', 'sk', 'type', 'updatedAt']);
  });
});
