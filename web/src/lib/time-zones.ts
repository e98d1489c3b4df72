// The time zones an agent can pick: every IANA zone the browser knows, labelled with its current
// offset, plus the agent's own zone if the browser lists it under another name.
export type TimeZoneOption = { value: string; label: string };

// Building a formatter for a zone costs far more than formatting with it, and the list labels
// every zone the browser knows (over 400): each zone's formatter is built once per page load.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetOf(zone: string, now: Date): string {
  try {
    let format = offsetFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
      offsetFormats.set(zone, format);
    }
    const name = format.formatToParts(now).find((p) => p.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'GMT+0' : (name ?? '');
  } catch {
    return '';
  }
}

export function timeZoneLabel(zone: string, now: Date = new Date()): string {
  const offset = offsetOf(zone, now);
  return `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`;
}

let known: string[] | undefined;
function knownZones(): string[] {
  if (!known) {
    try {
      known = Intl.supportedValuesOf('timeZone');
    } catch {
      known = [];
    }
    if (!known.includes('UTC')) known = [...known, 'UTC'];
  }
  return known;
}

export function timeZoneOptions(including: readonly string[], now: Date = new Date()): TimeZoneOption[] {
  const zones = new Set([...knownZones(), ...including.filter(Boolean)]);
  return [...zones].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: timeZoneLabel(value, now) }));
}
