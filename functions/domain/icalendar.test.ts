// The iCalendar writer the calendar feed uses: TEXT escaping, folding at 75 octets (UTF-8, never
// inside a character), dates, and a document that node-ical parses back to what was written.
import ical, { type VEvent } from 'node-ical';
import { contentLines, escapeText, foldLine, icalDate, icalUtcDateTime } from './icalendar';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, writes line breaks as \\n and drops other control characters', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('bell\u0007 and\u0000 nul, tab\tkept')).toBe('bell and nul\\, tab\tkept');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets or fewer as it is', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a long ASCII line into lines of at most 75 octets, a continuation starting with one space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(octets(parts[0]!)).toBe(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a character: accents (2 octets), CJK (3) and emoji (4, a surrogate pair)', () => {
    for (const name of ['Ñúñez '.repeat(30), '山田太郎 '.repeat(30), '🎂🏡💍 '.repeat(30), `${'a'.repeat(73)}é😀`]) {
      const line = `SUMMARY:Birthday: ${name}`;
      const folded = foldLine(line);
      for (const part of folded.split('\r\n')) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        expect(part).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/); // no half of a surrogate pair at a fold
      }
      expect(unfold(folded)).toBe(line);
      expect(Buffer.from(folded, 'utf8').toString('utf8')).toBe(folded);
    }
  });
});

describe('dates', () => {
  it('writes a DATE and a UTC DATE-TIME in their basic forms', () => {
    expect(icalDate('2026-02-28')).toBe('20260228');
    expect(icalUtcDateTime(new Date('2025-01-02T03:04:05.678Z'))).toBe('20250102T030405Z');
  });
});

describe('contentLines', () => {
  it('ends every line with CRLF, and what it writes parses back', () => {
    const summary = `Birthday: ${escapeText('Ñúñez, José; "Pepe" \\ 山田 🎂 with a name long enough to be folded twice over, surely')}`;
    const text = contentLines([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Test//EN',
      'BEGIN:VEVENT',
      'UID:c1-birthday@test',
      `DTSTAMP:${icalUtcDateTime(new Date('2025-01-02T03:04:05Z'))}`,
      `DTSTART;VALUE=DATE:${icalDate('1985-04-12')}`,
      `DTEND;VALUE=DATE:${icalDate('1985-04-13')}`,
      'RRULE:FREQ=YEARLY',
      `SUMMARY:${summary}`,
      `DESCRIPTION:${escapeText('Born April 12, 1985.\nhttps://app.example.com/clients')}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const [event] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c.type === 'VEVENT');
    expect(event!.summary).toBe(
      'Birthday: Ñúñez, José; "Pepe" \\ 山田 🎂 with a name long enough to be folded twice over, surely',
    );
    expect(event!.description).toBe('Born April 12, 1985.\nhttps://app.example.com/clients');
    expect(event!.start.toISOString().slice(0, 10)).toBe('1985-04-12');
    expect(event!.dtstamp?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });
});
