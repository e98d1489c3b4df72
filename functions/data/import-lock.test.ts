// The agent's import lock against dynalite: one holder at a time, a stale lock taken over by one claimer of many, and
// a lock that ends while a claim is judging it (the import that held it finished that instant) granted, not refused.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './db';
import { claimImportLock, releaseImportLock, type ImportLock } from './import-lock';
import { importLockKey } from './keys/jobs';
import { useHandlerApi } from '../testing/handler-api';

useHandlerApi();

let n = 0;
/** A fresh agent id per test: each has its own lock. */
const agent = () => `import-lock-agent-${Date.now()}-${(n += 1)}`;
const HOUR = 3600_000;
const never = async () => false;
const always = async () => true;

async function holderOf(agentId: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: importLockKey(agentId), ConsistentRead: true }),
  );
  return (Item as ImportLock | undefined)?.holder;
}

it('grants a free lock, grants its holder again, and refuses another holder while it is not stale', async () => {
  const agentId = agent();
  expect(await claimImportLock(agentId, 'import-a', Date.now() + HOUR, never)).toBe(true);
  expect(await claimImportLock(agentId, 'import-a', Date.now() + HOUR, never)).toBe(true);
  expect(await claimImportLock(agentId, 'import-b', Date.now() + HOUR, never)).toBe(false);
  expect(await holderOf(agentId)).toBe('import-a');
});

it('is freed only by its holder', async () => {
  const agentId = agent();
  await claimImportLock(agentId, 'import-a', Date.now() + HOUR, never);
  await releaseImportLock(agentId, 'import-b');
  expect(await holderOf(agentId)).toBe('import-a');
  await releaseImportLock(agentId, 'import-a');
  expect(await holderOf(agentId)).toBeUndefined();
});

it('hands a stale lock to exactly one of 10 claimers at once', async () => {
  const agentId = agent();
  await claimImportLock(agentId, 'crashed', Date.now() - HOUR, never);
  const isStale = async (lock: ImportLock) => lock.holder === 'crashed';
  const claims = await Promise.all(
    Array.from({ length: 10 }, (_, i) => claimImportLock(agentId, `import-${i}`, Date.now() + HOUR, isStale)),
  );
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await holderOf(agentId)).toBe(`import-${claims.indexOf(true)}`);
});

it('grants a lock its holder frees while the claim judges it (the import ended that instant)', async () => {
  const agentId = agent();
  await claimImportLock(agentId, 'ending', Date.now() + HOUR, never);
  // The claim reads the lock, and while it asks whether it is over, its import finishes and frees it.
  const endsWhileJudged = async (lock: ImportLock) => {
    await releaseImportLock(agentId, lock.holder);
    return true;
  };
  expect(await claimImportLock(agentId, 'next', Date.now() + HOUR, endsWhileJudged)).toBe(true);
  expect(await holderOf(agentId)).toBe('next');
});

it('refuses when, while it judged a stale lock, another import took it', async () => {
  const agentId = agent();
  await claimImportLock(agentId, 'crashed', Date.now() - HOUR, never);
  const takenMeanwhile = async (lock: ImportLock) => {
    if (lock.holder !== 'crashed') return false;
    expect(await claimImportLock(agentId, 'faster', Date.now() + HOUR, always)).toBe(true);
    return true;
  };
  expect(await claimImportLock(agentId, 'slower', Date.now() + HOUR, takenMeanwhile)).toBe(false);
  expect(await holderOf(agentId)).toBe('faster');
});
