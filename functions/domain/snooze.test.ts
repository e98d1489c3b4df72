import { isSnoozed, snoozedUntil } from './snooze';

describe('snoozing a message of the Today queue', () => {
  it("brings it back at 8:00 tomorrow in the agent's zone", () => {
    // 23:30 on 3 March in New York (UTC-5) is 04:30 UTC on 4 March: tomorrow there is 4 March.
    expect(snoozedUntil('America/New_York', new Date('2026-03-04T04:30:00Z')).toISOString()).toBe(
      '2026-03-04T13:00:00.000Z',
    );
    expect(snoozedUntil('Europe/Paris', new Date('2026-07-01T06:00:00Z')).toISOString()).toBe(
      '2026-07-02T06:00:00.000Z',
    );
  });

  it('falls back to the default zone for an unknown one', () => {
    expect(() => snoozedUntil('Not/AZone', new Date('2026-07-01T06:00:00Z'))).not.toThrow();
  });

  it('keeps it out of the queue until then, and not after', () => {
    const until = '2026-07-02T06:00:00.000Z';
    expect(isSnoozed(until, new Date('2026-07-02T05:59:59Z'))).toBe(true);
    expect(isSnoozed(until, new Date('2026-07-02T06:00:00Z'))).toBe(false);
    expect(isSnoozed(undefined, new Date())).toBe(false);
  });
});
