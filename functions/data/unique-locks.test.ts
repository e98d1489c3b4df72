// The one unique-lock helper against dynalite: a lock whose owner exists is refused, a young lock
// without its owner (a write in flight) is refused or, with adopt, handed to its holder's id, and an
// old one (a crash between the lock and its owner) is taken over.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './db';
import { claimUniqueLock, LOCK_GRACE_MS, lockOwner, releaseUniqueLock, type UniqueLock } from './unique-locks';
import { useHandlerApi } from '../testing/handler-api';

useHandlerApi();

let n = 0;
const owners = new Set<string>();
function lock(): UniqueLock {
  n += 1;
  return {
    key: { pk: `TESTLOCK#${Date.now()}-${n}`, sk: 'LOCK' },
    type: 'test-lock',
    ownerAttribute: 'ownerId',
    ownerExists: async (id) => owners.has(id),
  };
}
const now = () => new Date().toISOString();
const agedLock = async (l: UniqueLock, ownerId: string, ageMs: number) =>
  db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...l.key, type: l.type, ownerId, createdAt: new Date(Date.now() - ageMs).toISOString() },
    }),
  );

it('grants a free lock once: of 20 parallel claims exactly one wins', async () => {
  const l = lock();
  const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimUniqueLock(l, `owner-${i}`, now())));
  const granted = claims.filter((c) => c.granted);
  expect(granted).toHaveLength(1);
  expect(await lockOwner(l)).toBe((granted[0] as { ownerId: string }).ownerId);
});

it('refuses a lock whose owner exists, however old, naming the holder', async () => {
  const l = lock();
  owners.add('existing');
  await agedLock(l, 'existing', LOCK_GRACE_MS * 10);
  expect(await claimUniqueLock(l, 'newcomer', now())).toEqual({ granted: false, holder: 'existing' });
  expect(await claimUniqueLock(l, 'newcomer', now(), { adopt: true })).toEqual({ granted: false, holder: 'existing' });
});

it('refuses a young lock without its owner, or with adopt hands it to the holder id', async () => {
  const l = lock();
  await agedLock(l, 'in-flight', 1_000);
  expect(await claimUniqueLock(l, 'newcomer', now())).toEqual({ granted: false, holder: 'in-flight' });
  expect(await claimUniqueLock(l, 'newcomer', now(), { adopt: true })).toEqual({ granted: true, ownerId: 'in-flight' });
  expect(await lockOwner(l)).toBe('in-flight');
});

it('takes over an old lock whose owner was never written', async () => {
  const l = lock();
  await agedLock(l, 'crashed', LOCK_GRACE_MS + 5_000);
  expect(await claimUniqueLock(l, 'newcomer', now())).toEqual({ granted: true, ownerId: 'newcomer' });
  const item = (await db().send(new GetCommand({ TableName: table(), Key: l.key, ConsistentRead: true }))).Item;
  expect(item).toMatchObject({ type: 'test-lock', ownerId: 'newcomer' });
});

it('releases only for the owner it names', async () => {
  const l = lock();
  await claimUniqueLock(l, 'first', now());
  await releaseUniqueLock(l, 'someone-else');
  expect(await lockOwner(l)).toBe('first');
  await releaseUniqueLock(l, 'first');
  expect(await lockOwner(l)).toBeUndefined();
});
