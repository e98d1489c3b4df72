// Throttles against dynalite: slots are taken by conditional writes, so parallel callers cannot
// pass together, and growing delays grow, cap and start over as the rules say.
import { takeAll, takeAttempt, takeLimit, type DelayLimit, type Limit, type Reservation } from './throttle';
import { useHandlerApi } from '../testing/handler-api';

useHandlerApi();

let n = 0;
const fresh = (scope: string) => `${scope}-${Date.now()}-${(n += 1)}`;
const windowLimit = (max: number): Limit => ({ scope: 'test-window', id: fresh('w'), max, windowSeconds: 3600 });
const delayLimit = (): DelayLimit => ({
  scope: 'test-delay',
  id: fresh('d'),
  free: 3,
  firstDelaySeconds: 60,
  maxDelaySeconds: 600,
});
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const seconds = (s: number) => T0 + s * 1000;

async function fail(limit: DelayLimit, at: number): Promise<Reservation> {
  const reservation = await takeAttempt(limit, at);
  if (reservation.granted) await reservation.slot.failed();
  return reservation;
}
const waitOf = (r: Reservation) => (r.granted ? 0 : r.retryAfterSeconds);

describe('takeLimit (fixed window, taken before the work)', () => {
  it('grants exactly max of 100 parallel takes', async () => {
    const limit = windowLimit(7);
    const results = await Promise.all(Array.from({ length: 100 }, () => takeLimit(limit, T0)));
    expect(results.filter((r) => r.granted)).toHaveLength(7);
    expect(results.find((r) => !r.granted)).toEqual({ granted: false, retryAfterSeconds: 3600 });
  });

  it('gives a slot back when the attempt succeeds or never happens, and keeps it when it fails', async () => {
    const limit = windowLimit(2);
    const first = await takeLimit(limit, T0);
    const second = await takeLimit(limit, T0);
    if (!first.granted || !second.granted) throw new Error('expected two slots');
    await first.slot.succeeded();
    await second.slot.failed();
    const third = await takeLimit(limit, T0);
    expect(third.granted).toBe(true);
    if (third.granted) await third.slot.cancel();
    expect((await takeLimit(limit, T0)).granted).toBe(true);
    expect((await takeLimit(limit, T0)).granted).toBe(false);
  });
});

describe('takeAttempt (growing delay)', () => {
  it('lets only the free allowance of 200 parallel attempts through', async () => {
    const limit = delayLimit();
    const results = await Promise.all(Array.from({ length: 200 }, () => takeAttempt(limit, T0)));
    expect(results.filter((r) => r.granted)).toHaveLength(limit.free);
  });

  it('past the allowance, lets one of many parallel attempts through once the wait is over', async () => {
    const limit = delayLimit();
    for (let i = 0; i < limit.free; i += 1) await fail(limit, T0);
    const results = await Promise.all(Array.from({ length: 50 }, () => takeAttempt(limit, seconds(60))));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
  });

  it('doubles the wait after each failure past the allowance, up to the cap', async () => {
    const limit = delayLimit();
    let now = T0;
    for (let i = 0; i < limit.free; i += 1) expect((await fail(limit, now)).granted).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const refused = await takeAttempt(limit, now);
      waits.push(waitOf(refused));
      now += waitOf(refused) * 1000;
      expect((await fail(limit, now)).granted).toBe(true);
    }
    expect(waits).toEqual([60, 120, 240, 480, 600, 600]);
  });

  it('refuses before the wait is over and says how long is left', async () => {
    const limit = delayLimit();
    for (let i = 0; i < limit.free; i += 1) await fail(limit, T0);
    expect(waitOf(await takeAttempt(limit, seconds(45)))).toBe(15);
  });

  it('starts over after a success', async () => {
    const limit = delayLimit();
    for (let i = 0; i < limit.free - 1; i += 1) await fail(limit, T0);
    const ok = await takeAttempt(limit, T0);
    if (!ok.granted) throw new Error('expected a slot');
    await ok.slot.succeeded();
    for (let i = 0; i < limit.free; i += 1) expect((await fail(limit, T0)).granted).toBe(true);
    expect((await takeAttempt(limit, T0)).granted).toBe(false);
  });

  it('gives back a cancelled attempt, even the one holding the slot past the allowance', async () => {
    const limit = delayLimit();
    for (let i = 0; i < limit.free; i += 1) await fail(limit, T0);
    const held = await takeAttempt(limit, seconds(60));
    if (!held.granted) throw new Error('expected a slot');
    expect((await takeAttempt(limit, seconds(61))).granted).toBe(false);
    await held.slot.cancel();
    expect((await takeAttempt(limit, seconds(61))).granted).toBe(true);
  });
});

describe('takeAll', () => {
  it('gives back every slot taken when a later throttle refuses', async () => {
    const window = windowLimit(1);
    const closed = delayLimit();
    for (let i = 0; i < closed.free; i += 1) await fail(closed, T0);
    const refused = await takeAll([() => takeLimit(window, T0), () => takeAttempt(closed, T0)]);
    expect(refused).toEqual({ granted: false, retryAfterSeconds: 60 });
    expect((await takeLimit(window, T0)).granted).toBe(true);
  });
});
