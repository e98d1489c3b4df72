import { DEFAULT_TIME_ZONE, isTimeZone, normalizeTimeZone } from './time-zone';

describe('time zones', () => {
  it('knows IANA zones, and keeps knowing them when asked again', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(isTimeZone('America/Chicago')).toBe(true);
      expect(isTimeZone('Asia/Kolkata')).toBe(true);
    }
  });

  it('refuses names that are not zones, every time they are asked', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
  });

  it('falls back to New York for unknown or missing zones', () => {
    expect(normalizeTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(normalizeTimeZone('Nowhere/Special')).toBe(DEFAULT_TIME_ZONE);
    expect(normalizeTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(normalizeTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
  });
});
