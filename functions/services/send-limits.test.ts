// The platform's daily limit as free, new and Pro accounts draw on it, against the table alone (no HTTP): free and new
// accounts share a bounded part of it, and only Pro books slots on later days.
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import type { UserItem } from '../data/users';
import { isRefusal } from '../domain/refusals';
import { useSettings } from '../testing/settings';
import { startTestTable, type TestTable } from '../testing/table';
import { SlotFinder } from './broadcasts';
import { reserveDailySend, type SendingAgent } from './send-limits';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

/** The limits the tests set, unset (their defaults) after each. */
const setEnv = useSettings({
  PLATFORM_DAILY_EMAIL_LIMIT: undefined,
  FREE_PLATFORM_SHARE_PERCENT: undefined,
  FREE_DAILY_EMAIL_LIMIT: undefined,
  DAILY_EMAIL_LIMIT: undefined,
});

const DAY_MS = 86_400_000;
// Each test its own UTC day, so the platform's counters start at zero.
let days = 0;
const freshDay = () => {
  days += 1;
  return new Date(Date.UTC(2031, 2, days, 12));
};
let agents = 0;
/** An agent as the send path reads it: Pro or not, created `ageDays` before `now`. */
function agent(now: Date, { isPro = false, ageDays = 365 }: { isPro?: boolean; ageDays?: number } = {}): UserItem {
  agents += 1;
  const sending: SendingAgent = {
    id: `share-agent-${agents}`,
    timeZone: 'America/Chicago',
    isPro,
    signupDate: new Date(now.getTime() - ageDays * DAY_MS).toISOString(),
  };
  return sending as UserItem;
}
const granted = async (who: UserItem, now: Date) => !isRefusal(await reserveDailySend(who, 'email', now));

describe("the platform's share for free and new accounts", () => {
  it('lets free and new accounts together take 25 % of the platform limit, and Pro the rest', async () => {
    // Prepare: a platform limit of 8 e-mails, so free and new accounts share 2.
    setEnv({ PLATFORM_DAILY_EMAIL_LIMIT: '8' });
    const now = freshDay();
    const [older, newcomer, third] = [agent(now), agent(now, { ageDays: 2 }), agent(now)];
    const pro = agent(now, { isPro: true });

    // Act
    const first = await granted(older, now);
    const second = await granted(newcomer, now);
    const refused = await reserveDailySend(third, 'email', now);
    const proSends = [];
    for (let i = 0; i < 7; i += 1) proSends.push(await granted(pro, now));

    // Assess
    expect([first, second]).toEqual([true, true]);
    expect(refused).toEqual({
      kind: 'platform-limit',
      channel: 'email',
      resetsAt: new Date(Date.UTC(2031, 2, days + 1)).toISOString(),
      timeZone: 'America/Chicago',
      share: 'free',
    });
    // Pro takes the other 6 of the 8; then the whole platform's limit refuses it too.
    expect(proSends).toEqual([true, true, true, true, true, true, false]);
  });

  it('counts a Pro account in its first 14 days in the share, an older one not', async () => {
    setEnv({ PLATFORM_DAILY_EMAIL_LIMIT: '8' });
    const now = freshDay();
    expect(await granted(agent(now), now)).toBe(true);
    expect(await granted(agent(now), now)).toBe(true);
    expect(await granted(agent(now, { isPro: true, ageDays: 13 }), now)).toBe(false);
    expect(await granted(agent(now, { isPro: true, ageDays: 14 }), now)).toBe(true);
  });

  it('gives the share back with the slot, also when the slot is read back from a held message', async () => {
    setEnv({ PLATFORM_DAILY_EMAIL_LIMIT: '4' });
    const now = freshDay();
    const sender = agent(now);
    const slot = (await reserveDailySend(sender, 'email', now)) as SendSlot;
    expect(await granted(agent(now), now)).toBe(false);
    // A held message keeps only its agent, channel and day.
    await releaseSend({ agentId: slot.agentId, channel: slot.channel, day: slot.day });
    expect(await granted(agent(now), now)).toBe(true);
  });

  it('takes its size from FREE_PLATFORM_SHARE_PERCENT', async () => {
    setEnv({ PLATFORM_DAILY_EMAIL_LIMIT: '8', FREE_PLATFORM_SHARE_PERCENT: '50' });
    const now = freshDay();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await granted(agent(now), now));
    expect(results).toEqual([true, true, true, true, false]);
  });
});

describe('booking later days', () => {
  it("never takes a later day's slot for a free account: past today's cap it refuses", async () => {
    // Prepare: a free account that may send 1 e-mail a day.
    setEnv({ FREE_DAILY_EMAIL_LIMIT: '1' });
    const now = freshDay();
    const free = agent(now);
    const slots = new SlotFinder(free, 'email', now);

    // Act
    const today = await slots.reserve();
    const next = await slots.reserve();
    const later = await new SlotFinder(free, 'email', now, 1).reserve();

    // Assess
    expect(today).toMatchObject({ day: now.toISOString().slice(0, 10) });
    expect(next).toMatchObject({ kind: 'daily-limit', limit: 1 });
    expect(later).toMatchObject({ kind: 'daily-limit', limit: 1 });
  });

  it("books the next day's slot for Pro once today's cap is reached", async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '1' });
    const now = freshDay();
    const slots = new SlotFinder(agent(now, { isPro: true }), 'email', now);
    expect(await slots.reserve()).toMatchObject({ day: now.toISOString().slice(0, 10) });
    expect(await slots.reserve()).toMatchObject({ day: new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10) });
  });
});
