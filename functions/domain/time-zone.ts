// Agents keep an IANA time zone (for the 8 am digest); unknown or missing zones fall back to New York.
export const DEFAULT_TIME_ZONE = 'America/New_York';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function normalizeTimeZone(value: string | undefined | null): string {
  return value && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
