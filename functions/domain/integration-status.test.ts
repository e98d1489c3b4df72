// How a synced feature stands, from what its syncs kept, on a moved clock.
import type { IntegrationStatus } from '@shared/api-types';
import { attentionSentence, integrationStatus, owesStaleNotice, STALE_HOURS } from './integration-status';

const NOW = new Date('2026-12-03T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe('the state of a synced feature', () => {
  it('is off when the feature is not on, whatever was kept', () => {
    expect(integrationStatus({ since: null, lastSuccessAt: hoursAgo(1), lastError: 'reconnect' }, NOW)).toMatchObject({
      state: 'off',
    });
  });

  it('asks to connect again when Google refused the grant, however recent the last success', () => {
    const status = integrationStatus({ since: hoursAgo(48), lastSuccessAt: hoursAgo(1), lastError: 'reconnect' }, NOW);
    expect(status).toEqual({
      state: 'reauth_needed',
      lastSuccessAt: hoursAgo(1),
      lastError: 'reconnect',
      itemsIn: 0,
      itemsOut: 0,
      conflicts: 0,
    });
  });

  it(`is degraded after a failure, or ${STALE_HOURS} hours without a success (turned on that long ago included)`, () => {
    const on = hoursAgo(100);
    expect(integrationStatus({ since: on, lastSuccessAt: hoursAgo(1), lastError: 'quota' }, NOW).state).toBe(
      'degraded',
    );
    expect(integrationStatus({ since: on, lastSuccessAt: hoursAgo(STALE_HOURS + 1), lastError: null }, NOW).state).toBe(
      'degraded',
    );
    expect(
      integrationStatus({ since: hoursAgo(STALE_HOURS + 1), lastSuccessAt: null, lastError: null }, NOW).state,
    ).toBe('degraded');
  });

  it('is ok within a day of its last success, or of being turned on, and carries the counts', () => {
    expect(
      integrationStatus(
        { since: hoursAgo(100), lastSuccessAt: hoursAgo(STALE_HOURS - 1), lastError: null, itemsIn: 4, conflicts: 2 },
        NOW,
      ),
    ).toMatchObject({ state: 'ok', itemsIn: 4, itemsOut: 0, conflicts: 2 });
    expect(integrationStatus({ since: hoursAgo(2), lastSuccessAt: null, lastError: null }, NOW).state).toBe('ok');
  });
});

describe('telling the agent', () => {
  const now = new Date('2026-12-03T12:00:00.000Z');
  const status = (state: IntegrationStatus['state'], lastError: string | null = null): IntegrationStatus => ({
    state,
    lastError,
    lastSuccessAt: null,
    itemsIn: 0,
    itemsOut: 0,
    conflicts: 0,
  });

  it('says what a feature needs in words, and nothing for one that is ok or off', () => {
    expect(attentionSentence('contacts', status('reauth_needed', 'reconnect'))).toBe(
      'Google Contacts stopped syncing: Google asks you to connect again.',
    );
    expect(attentionSentence('calendar', status('degraded', 'quota'))).toBe(
      "Google Calendar could not sync the last time it tried (Google's limit was reached).",
    );
    expect(attentionSentence('reviews', status('degraded'))).toBe('Google reviews has not synced for a day.');
    expect(attentionSentence('contacts', status('ok'))).toBeNull();
    expect(attentionSentence('contacts', status('off'))).toBeNull();
  });

  it('owes one notice a day after the last success, and none again until a success comes between', () => {
    const record = { since: '2026-11-01T00:00:00.000Z', lastSuccessAt: '2026-12-02T11:00:00.000Z', lastError: 'quota' };
    expect(owesStaleNotice(record, now)).toBe(true);
    expect(owesStaleNotice({ ...record, toldAt: '2026-12-03T11:30:00.000Z' }, now)).toBe(false);
    expect(owesStaleNotice({ ...record, toldAt: '2026-12-01T00:00:00.000Z' }, now)).toBe(true);
    expect(owesStaleNotice({ ...record, lastSuccessAt: '2026-12-02T12:30:00.000Z' }, now)).toBe(false);
    expect(owesStaleNotice({ ...record, since: null }, now)).toBe(false);
  });
});
