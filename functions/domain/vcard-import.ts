// Reads an uploaded vCard file (.vcf: iPhone, iCloud, macOS Contacts, Android, Outlook; vCard 2.1,
// 3.0 and 4.0, one or many cards) into the same client rows as a CSV, each card numbered by its
// place in the file. ical.js parses each card; what is here is the mapping, and the vCard 2.1
// habits ical.js does not read (quoted-printable values, CHARSET, bare TYPE parameters).
import ICAL from 'ical.js';
import {
  ImportFormatError,
  oneLine,
  parseInlineFile,
  readDate,
  type ClientDraft,
  type ImportRows,
} from './import-rows';

export const NO_CARDS =
  'This file has no contacts: a vCard file (.vcf) holds cards that start with BEGIN:VCARD. Export your contacts as vCard and try again.';

/** A property as ical.js gives it (jCard, RFC 7095): name, parameters, value type, value(s). */
type JCardProperty = [name: string, params: Record<string, string | string[]>, type: string, ...values: unknown[]];
type Card = { row: number; reader: CardReader };

// Binary or sound properties carry nothing we keep, and 2.1 writes their base64 in ways ical.js refuses: they are
// dropped as they are read, their folded continuation lines skipped without being joined.
const IGNORED = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);

/**
 * The longest property line a card may carry once unfolded (photos and other dropped properties aside): a name,
 * an address or a note is far shorter; a longer line is a file we refuse to spend memory on.
 */
export const VCARD_MAX_LINE_CHARS = 16 * 1024;
/** The most text a card may carry, its dropped properties (photo, logo, sound, key) aside. */
export const VCARD_MAX_CARD_CHARS = 128 * 1024;

export const LINE_TOO_LONG = `This card has a line longer than ${VCARD_MAX_LINE_CHARS / 1024} KB (photos aside), so it was not read`;
export const CARD_TOO_LARGE = `This card holds more than ${VCARD_MAX_CARD_CHARS / 1024} KB of text (photos aside), so it was not read`;

/** The property name a line starts with (`item1.TEL;TYPE=CELL:…` → `TEL`), upper case. */
const propertyOf = (line: string) => (/^[^:;]*/.exec(line)![0].split('.').pop() ?? '').trim().toUpperCase();

/**
 * A card's physical lines read one at a time into its logical lines, in time linear in the card's size: folded lines
 * (a leading space or tab) and vCard 2.1's quoted-printable soft breaks (a trailing '=') are collected and joined once
 * at the end of their property; PHOTO, LOGO, SOUND and KEY are skipped, continuation lines included, as is any line
 * that is no property (a 2.1 base64 tail); past the size caps the card is marked too large and nothing more is kept.
 */
export class CardReader {
  private readonly logical: string[] = [];
  /** The property being read: its pieces (none when it is dropped), whether it may soft-break. */
  private current: { parts: string[]; length: number; keep: boolean; quotedPrintable: boolean } | null = null;
  private size = 0;
  private refusal: string | null = null;

  add(line: string): void {
    const current = this.current;
    const softBreak = current?.quotedPrintable === true && (current.parts.at(-1) ?? '').endsWith('=');
    if (current && (softBreak || /^[ \t]/.test(line))) {
      if (!current.keep || this.refusal) return;
      if (softBreak) current.parts[current.parts.length - 1] = current.parts.at(-1)!.slice(0, -1);
      const piece = softBreak ? line : line.slice(1);
      current.parts.push(piece);
      current.length += piece.length;
      this.count(piece.length, current.length);
      return;
    }
    this.flush();
    const keep = line.includes(':') && !IGNORED.has(propertyOf(line));
    this.current = { parts: keep ? [line] : [], length: line.length, keep, quotedPrintable: false };
    if (!keep || this.refusal) return;
    this.current.quotedPrintable = isQuotedPrintable(splitLine(line)?.params ?? []);
    this.count(line.length, line.length);
  }

  private count(added: number, lineLength: number): void {
    this.size += added;
    if (lineLength > VCARD_MAX_LINE_CHARS) this.refusal ??= LINE_TOO_LONG;
    else if (this.size > VCARD_MAX_CARD_CHARS) this.refusal ??= CARD_TOO_LARGE;
    if (this.refusal) this.logical.length = 0;
  }

  private flush(): void {
    if (this.current?.keep && !this.refusal) this.logical.push(this.current.parts.join(''));
    this.current = null;
  }

  /** The card's logical lines, or why it cannot be read. */
  finish(): { lines: string[] } | { unreadable: string } {
    this.flush();
    return this.refusal ? { unreadable: this.refusal } : { lines: this.logical };
  }
}

function decode(buffer: Uint8Array): string {
  if (buffer.includes(0)) throw new ImportFormatError(NO_CARDS);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    // Outlook's vCard 2.1 is written in the Windows code page.
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** Whether a line opens or closes a card. */
export function cardMarker(line: string): 'begin' | 'end' | null {
  const marker = line.trim().toUpperCase();
  return marker === 'BEGIN:VCARD' ? 'begin' : marker === 'END:VCARD' ? 'end' : null;
}

/** Each BEGIN:VCARD … END:VCARD block with its place in the file (1 for the first card). */
function splitCards(text: string): Card[] {
  const cards: Card[] = [];
  let current: Card | null = null;
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const marker = cardMarker(line);
    if (marker === 'begin') {
      current = { row: cards.length + 1, reader: new CardReader() };
      cards.push(current);
    } else if (marker === 'end') {
      current = null;
    } else if (current) {
      current.reader.add(line);
    }
  }
  return cards;
}

/** A card's properties as ical.js reads them, or why the card cannot be read. */
function readCardProperties(reader: CardReader): { properties: JCardProperty[] } | { unreadable: string } {
  const card = reader.finish();
  if ('unreadable' in card) return card;
  try {
    return { properties: readCard(normalizeCard(card.lines)) };
  } catch (error) {
    return { unreadable: unreadableCard(error) };
  }
}

/** A card's lines, read by `reader`, as a client as the file gives it, or why the card cannot be read. */
export function readCardDraft(
  reader: CardReader,
  warn: (message: string) => void,
): { draft: ClientDraft } | { unreadable: string } {
  const card = readCardProperties(reader);
  return 'unreadable' in card ? card : { draft: mapCard(card.properties, warn) };
}

const unreadableCard = (error: unknown) =>
  `This card could not be read (${error instanceof Error ? error.message : String(error)})`;

/** `NAME;PARAMS:value` split where the first colon outside a quoted parameter is. */
function splitLine(line: string): { name: string; params: string[]; value: string } | null {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      const [name = '', ...params] = line.slice(0, i).match(/(?:[^;"]|"[^"]*")+/g) ?? [];
      return { name: name.trim(), params, value: line.slice(i + 1) };
    }
  }
  return null;
}

const isQuotedPrintable = (params: readonly string[]) => params.some((p) => /^(ENCODING=)?QUOTED-PRINTABLE$/i.test(p));

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value[i] === '=' ? /^[0-9A-F]{2}/i.exec(value.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(value.charCodeAt(i) & 0xff);
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(new Uint8Array(bytes));
}

/**
 * One card (its logical lines, unfolded by CardReader) as vCard 3.0 or 4.0 text ical.js reads:
 * 2.1's bare parameters (`TEL;CELL`) become `TYPE=CELL`, quoted-printable values are decoded with their
 * CHARSET and escaped as 3.0 text.
 */
function normalizeCard(lines: readonly string[]): string {
  const out: string[] = [];
  let v21 = false; // VERSION comes first in every card these apps write
  for (const line of lines) {
    const parts = splitLine(line);
    if (!parts || !parts.name) continue; // not a property line
    const property = parts.name.split('.').pop()!.toUpperCase();
    if (property === 'VERSION' && parts.value.trim() === '2.1') {
      v21 = true;
      out.push('VERSION:3.0');
      continue;
    }
    let { value } = parts;
    const charset = parts.params.find((p) => /^CHARSET=/i.test(p))?.slice(8) ?? 'utf-8';
    if (isQuotedPrintable(parts.params)) value = decodeQuotedPrintable(value, charset).replace(/\r\n|\r|\n/g, '\\n');
    // 2.1 has no escaping of commas; in 3.0 a bare comma would split a value in two.
    if (v21) value = value.replace(/(?<!\\),/g, '\\,');
    const params = parts.params
      .filter((p) => !/^(ENCODING=|CHARSET=|QUOTED-PRINTABLE$|8BIT$)/i.test(p))
      .map((p) => (p.includes('=') ? p : `TYPE=${p}`));
    out.push(`${[parts.name, ...params].join(';')}:${value}`);
  }
  return `BEGIN:VCARD\r\n${out.join('\r\n')}\r\nEND:VCARD`;
}

export function readCard(text: string): JCardProperty[] {
  const parsed = ICAL.parse(text) as unknown;
  const card = Array.isArray(parsed) && parsed[0] === 'vcard' ? parsed : null;
  if (!card) throw new Error('not a vCard');
  return card[1] as JCardProperty[];
}

const textOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(textOf).filter(Boolean).join(' ') : typeof value === 'string' ? value.trim() : '';

function typesOf(property: JCardProperty): string[] {
  const { type, pref } = property[1];
  const types = (Array.isArray(type) ? type : type ? [type] : []).flatMap((t) => t.toLowerCase().split(','));
  return pref !== undefined ? [...types, 'pref'] : types;
}

/** The property of `name` with the first preference a test passes, else the first one. */
function pick(
  properties: readonly JCardProperty[],
  name: string,
  ...preferences: Array<(p: JCardProperty) => boolean>
): JCardProperty | undefined {
  const candidates = properties.filter((p) => p[0] === name && textOf(p.slice(3)));
  return preferences.map((test) => candidates.find(test)).find(Boolean) ?? candidates[0];
}

export function mapCard(properties: readonly JCardProperty[], warn: (message: string) => void): ClientDraft {
  // Apple's labels sit on a sibling property of the same group: item1.X-ABLabel:_$!<Anniversary>!$_.
  const labels = new Map<string, string>();
  for (const p of properties)
    if (p[0] === 'x-ablabel' && typeof p[1].group === 'string') labels.set(p[1].group, textOf(p[3]));
  const label = (p: JCardProperty) => (typeof p[1].group === 'string' ? (labels.get(p[1].group) ?? '') : '');
  const pref = (p: JCardProperty) => typesOf(p).includes('pref');
  const mobile = (p: JCardProperty) =>
    typesOf(p).some((t) => t === 'cell' || t === 'mobile' || t === 'iphone') || /mobile|iphone/i.test(label(p));
  const home = (p: JCardProperty) => typesOf(p).includes('home');
  const value = (p: JCardProperty | undefined) => (p ? textOf(p.slice(3)) : '');

  const n = pick(properties, 'n')?.[3];
  // N is family; given; additional; prefix; suffix.
  const fromN = Array.isArray(n) ? [n[1], n[2], n[0]].map(textOf).filter(Boolean).join(' ') : '';
  const adr = pick(properties, 'adr', pref, home)?.[3];
  // ADR is PO box; extended (apartment); street; city; region; postal code; country.
  const address = Array.isArray(adr)
    ? [adr[2], adr[1], adr[0], adr[3], [adr[4], adr[5]].map(textOf).filter(Boolean).join(' '), adr[6]]
        .map(textOf)
        .filter(Boolean)
        .join(', ')
    : '';
  const anniversary =
    pick(properties, 'anniversary') ??
    properties.find((p) => p[0] === 'x-abdate' && /anniversary/i.test(label(p))) ??
    pick(properties, 'x-anniversary') ??
    pick(properties, 'x-ms-anniversary');

  return {
    name: value(pick(properties, 'fn')) || fromN,
    email: value(pick(properties, 'email', pref)),
    phone: value(pick(properties, 'tel', pref, mobile)).replace(/^tel:/i, ''),
    address: oneLine(address),
    birthday: readDate('birthday', vcardDate(value(pick(properties, 'bday'))), warn),
    anniversary: readDate('anniversary', vcardDate(value(anniversary)), warn),
    purchaseDate: '',
    // The address's own ZIP code is taken (the client record), as for a CSV without a ZIP column.
    postalCode: '',
    purchasePrice: '',
  };
}

/** vCard's date forms (`19850412`, `1985-04-12T00:00:00Z`, `--0412`) as `YYYY-MM-DD` or `--MM-DD`. */
function vcardDate(raw: string): string {
  const full = /^(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:.Z+-]*)?$/.exec(raw);
  if (full) return `${full[1]}-${full[2]}-${full[3]}`;
  const noYear = /^--(\d{2})-?(\d{2})$/.exec(raw);
  return noYear ? `--${noYear[1]}-${noYear[2]}` : raw;
}

/** Parses and validates a vCard file; each card is reported by its place in the file (the first is card 1). */
export function parseClientVcards(buffer: Uint8Array, { today }: { today: string }): ImportRows {
  return parseInlineFile(buffer, fileCards, ({ reader }, warn) => readCardDraft(reader, warn), { today, unit: 'card' });
}

/** The file's cards, numbered by their place in it (refused when it has none). */
function fileCards(buffer: Uint8Array): Card[] {
  const cards = splitCards(decode(buffer));
  if (cards.length === 0) throw new ImportFormatError(NO_CARDS);
  return cards;
}
