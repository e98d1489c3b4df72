import { markOffline, markOnline, markShownFromCopy, offlineSnapshot, resetOfflineState } from './offline-state';

describe('the offline state', () => {
  beforeEach(() => resetOfflineState());
  afterEach(() => jest.useRealTimers());

  it('dates what is on screen by the last answer when the network goes, even with no copy read since', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T09:41:00.000Z') });
    markOnline();
    jest.setSystemTime(new Date('2026-11-27T09:50:00.000Z'));
    markOffline();
    expect(offlineSnapshot()).toMatchObject({ offline: true, shownFrom: '2026-11-27T09:41:00.000Z' });
  });

  it('keeps the oldest time shown: a copy read earlier than the last answer wins', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T09:41:00.000Z') });
    markOnline();
    markShownFromCopy('2026-11-27T08:00:00.000Z');
    markOffline();
    expect(offlineSnapshot().shownFrom).toBe('2026-11-27T08:00:00.000Z');
  });

  it('has no time to show before the server ever answered', () => {
    markOffline();
    expect(offlineSnapshot()).toMatchObject({ offline: true, shownFrom: null });
  });
});
