// The few pieces of iCalendar (RFC 5545) the calendar feed writes: TEXT values escaped (§3.3.11),
// content lines folded at 75 octets without splitting a UTF-8 character (§3.1), dates and UTC
// date-times in their basic forms, CRLF line ends. Written here rather than through a generator
// library because the feed of a 50,000-client book has 40,000 events: the library measured 17 s
// to write them (its folding encodes every line to count its bytes), this takes a fraction of one.

const MAX_OCTETS = 75;

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n, other control characters dropped. */
export function escapeText(value: string): string {
  let out = '';
  for (const c of value.replace(/\r\n?/g, '\n')) {
    const code = c.charCodeAt(0);
    if (c === '\n') out += '\\n';
    else if (c === '\\' || c === ';' || c === ',') out += `\\${c}`;
    else if ((code >= 0x20 && code !== 0x7f) || c === '\t') out += c;
  }
  return out;
}

/** The UTF-8 length of one code point. */
const octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * One content line, folded: no line longer than 75 octets (a continuation's leading space included), never inside a
 * character.
 */
export function foldLine(line: string): string {
  // ASCII only and short: most lines of the feed.
  if (line.length <= MAX_OCTETS && !/[^\t -~]/.test(line)) return line;
  const parts: string[] = [];
  let start = 0;
  let used = 0;
  let limit = MAX_OCTETS;
  for (let i = 0; i < line.length;) {
    const codePoint = line.codePointAt(i)!;
    const width = octets(codePoint);
    const units = codePoint > 0xffff ? 2 : 1;
    if (used + width > limit) {
      parts.push(line.slice(start, i));
      start = i;
      used = 0;
      limit = MAX_OCTETS - 1; // the continuation's leading space
    }
    used += width;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A DATE value from `YYYY-MM-DD`: `YYYYMMDD`. */
export const icalDate = (date: string): string => date.replaceAll('-', '');

/** A UTC DATE-TIME: `YYYYMMDDTHHMMSSZ`. */
export const icalUtcDateTime = (at: Date): string =>
  `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;

/**
 * Content lines (`NAME;PARAM:value`, values already escaped where TEXT) as one document body: folded, CRLF after each.
 */
export function contentLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) out += `${foldLine(line)}\r\n`;
  return out;
}
