// Agents keep an IANA time zone (for the 8 am digest); unknown or missing zones fall back to New York.
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * Zones already found valid: building an Intl.DateTimeFormat to check one costs more than the rest of a request's own
 * work. At most the ~600 IANA names.
 */
const known = new Set<string>();

export function isTimeZone(value: string): boolean {
  if (known.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  known.add(value);
  return true;
}

export function normalizeTimeZone(value: string | undefined | null): string {
  return value && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
