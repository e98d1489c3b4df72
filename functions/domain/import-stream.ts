// A client file read as it streams in, one entry at a time: what the import job does with a file
// of up to 25 MB that it reads from S3 chunk by chunk, never whole in memory. Each entry is read
// exactly as the readers of a file sent in the request read it (csv-import.ts, vcard-import.ts):
// the same columns, aliases, dates and card mapping, the same row numbers, the same refusals.
//
// The job reads a file twice. First `planImportFile`: every entry validated, to count them, to
// refuse a file that is not CSV or vCard before anything is written, and to find the entries
// whose e-mail a later entry repeats (the later one replaces them, as in the request). Then
// `readImportEntries` again, in batches, for the writes.
import { parse } from 'csv-parse';
import {
  CSV_NOT_TEXT,
  CSV_NOT_UTF8,
  csvColumns,
  csvParseOptions,
  csvSyntaxError,
  isBlankRecord,
  lineBreaks,
  noHeaderError,
  readCsvDraft,
  sniffDelimiter,
  type CsvColumns,
} from './csv-import';
import type { ImportFormat } from './client-import';
import { readGoogleImportLine, type GoogleContactEntry } from './google-contacts';
import {
  ImportFormatError,
  ImportTooManyRowsError,
  validateDraft,
  type ClientDraft,
  type ImportUnit,
} from './import-rows';
import { CardReader, cardMarker, NO_CARDS, readCardDraft } from './vcard-import';

/** How the file's bytes are read: UTF-8, or (vCard only, as Outlook writes 2.1 cards) the Windows code page. */
export type ImportEncoding = 'utf-8' | 'windows-1252';

/**
 * One entry of the file: its place (`row`: the spreadsheet row, or the card's number) and first line, and what it says.
 */
export type StreamedEntry = { row: number; line: number; warnings: string[] } & (
  { draft: ClientDraft; google?: GoogleContactEntry } | { unreadable: string }
);

/** A vCard file that is not UTF-8: read it again in the Windows code page. */
class NotUtf8Error extends ImportFormatError {
  override name = 'NotUtf8Error';
}

/** The file's text, decoded chunk by chunk (a character split between two chunks is kept whole). */
async function* decoded(
  chunks: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
  notText: string,
  complete: boolean,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8Error(CSV_NOT_UTF8);
    }
  };
  for await (const chunk of chunks) {
    if (chunk.includes(0)) throw new ImportFormatError(notText);
    const text = decode(chunk);
    if (text) yield text;
  }
  // A file cut short on purpose (the start's look at its head) may end inside a character.
  const rest = complete ? decode() : '';
  if (rest) yield rest;
}

async function* csvEntries(text: AsyncIterable<string>): AsyncGenerator<StreamedEntry> {
  // The delimiter is the header line's: hold the text back until that line is complete.
  const iterator = text[Symbol.asyncIterator]();
  let head = '';
  let ended = false;
  while (!/[\r\n]/.test(head)) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head += next.value;
  }
  // The parser is driven by hand: each piece of text written, then the records it completed read
  // at once (it parses synchronously), so memory holds one piece's records, and an error is met
  // after the records before it (a piped stream's error would overtake them).
  const parser = parse(csvParseOptions(sniffDelimiter(head)));
  let failure: unknown;
  parser.on('error', (error: unknown) => {
    failure ??= error;
  });
  function* completed(): Generator<string[]> {
    for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null)
      yield record;
  }
  // A refusal destroys the parser, and its error event comes on the next turn.
  const stopped = async () => {
    if (!parser.destroyed) return;
    await new Promise((done) => setImmediate(done));
    if (failure) throw failure;
  };
  async function* records(): AsyncGenerator<string[]> {
    const pieces = async function* () {
      if (head) yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    };
    for await (const piece of pieces()) {
      parser.write(piece);
      yield* completed();
      await stopped();
    }
    parser.end();
    yield* completed();
    await stopped();
  }

  let row = 0;
  let line = 1;
  let columns: CsvColumns | undefined;
  try {
    for await (const cells of records()) {
      row += 1;
      const first = line;
      line += 1 + lineBreaks(cells);
      if (isBlankRecord(cells)) continue;
      if (!columns) {
        columns = csvColumns(cells);
        continue;
      }
      const warnings: string[] = [];
      yield { row, line: first, warnings, draft: readCsvDraft(columns, cells, (message) => warnings.push(message)) };
    }
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    throw csvSyntaxError(error, row + 1, line);
  } finally {
    parser.destroy();
    await iterator.return?.();
  }
  if (!columns) throw noHeaderError();
}

/** The file's lines; a '\r' at the end of a chunk waits for the next one, which may start with its '\n'. */
async function* lines(text: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of text) {
    const buffer = rest + chunk;
    const cut = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const parts = buffer.slice(0, cut).split(/\r\n|\r|\n/);
    rest = parts.pop()! + buffer.slice(cut);
    yield* parts;
  }
  if (rest) yield* rest.split(/\r\n|\r|\n/);
}

async function* vcardEntries(text: AsyncIterable<string>): AsyncGenerator<StreamedEntry> {
  let card: { row: number; line: number; reader: CardReader } | null = null;
  let cards = 0;
  let lineNumber = 0;
  const entry = ({ row, line, reader }: { row: number; line: number; reader: CardReader }): StreamedEntry => {
    const warnings: string[] = [];
    return { row, line, warnings, ...readCardDraft(reader, (message) => warnings.push(message)) };
  };
  for await (const line of lines(text)) {
    lineNumber += 1;
    const marker = cardMarker(line);
    if (marker === 'begin') {
      // A card that never ended is still a card (as the whole-file reader takes it).
      if (card) yield entry(card);
      cards += 1;
      card = { row: cards, line: lineNumber, reader: new CardReader() };
    } else if (marker === 'end') {
      if (card) yield entry(card);
      card = null;
    } else if (card) {
      card.reader.add(line);
    }
  }
  if (card) yield entry(card);
  if (cards === 0) throw new ImportFormatError(NO_CARDS);
}

/** The Google contacts an import read, one a line (functions/services/google-contacts-import.ts writes them). */
async function* googleEntries(text: AsyncIterable<string>): AsyncGenerator<StreamedEntry> {
  let row = 0;
  for await (const line of lines(text)) {
    if (!line.trim()) continue;
    row += 1;
    const { draft, warnings, ...google } = readGoogleImportLine(line, row);
    yield { row, line: row, warnings, draft, google };
  }
}

/**
 * Every entry of the file in order. Throws ImportFormatError when the file is not what its format
 * says (not text, not UTF-8 for a CSV, no header naming a name and an e-mail, broken CSV quoting,
 * no vCard card), as the whole-file readers do; for a vCard file read as UTF-8 that is not, the
 * error is a NotUtf8Error (`planImportFile` reads it again in the Windows code page).
 */
export function readImportEntries(
  format: ImportFormat,
  chunks: AsyncIterable<Uint8Array>,
  { encoding = 'utf-8', complete = true }: { encoding?: ImportEncoding; complete?: boolean } = {},
): AsyncGenerator<StreamedEntry> {
  const text = decoded(chunks, encoding, format === 'csv' ? CSV_NOT_TEXT : NO_CARDS, complete);
  if (format === 'google') return googleEntries(text);
  return format === 'csv' ? csvEntries(text) : vcardEntries(text);
}

/** What the first pass over a file found: how many entries, how to read it, and which entries a later one replaces. */
export type ImportPlan = {
  total: number;
  encoding: ImportEncoding;
  /** [row, the later row with the same e-mail that replaces it]. */
  replaced: Array<[number, number]>;
};

/**
 * The first pass over a file (`open` gives its bytes from the start each time it is called): every
 * entry validated as the import will validate it (`today` decides which dates are in the future),
 * counted up to `maxRows`, and each valid entry whose e-mail a later valid entry repeats noted as
 * replaced by it, so each e-mail is written once, from the last entry that has it.
 */
export async function planImportFile(
  format: ImportFormat,
  open: () => AsyncIterable<Uint8Array>,
  { today, maxRows, unit }: { today: string; maxRows: number; unit: ImportUnit },
): Promise<ImportPlan> {
  const read = async (encoding: ImportEncoding): Promise<ImportPlan> => {
    let total = 0;
    const rowByEmail = new Map<string, number>();
    const replaced: Array<[number, number]> = [];
    for await (const entry of readImportEntries(format, open(), { encoding })) {
      total += 1;
      if (total > maxRows) throw new ImportTooManyRowsError(total, unit, maxRows);
      if (!('draft' in entry)) continue;
      const checked = validateDraft(entry.draft, today);
      if ('error' in checked) continue;
      const earlier = rowByEmail.get(checked.client.email);
      if (earlier !== undefined) replaced.push([earlier, entry.row]);
      rowByEmail.set(checked.client.email, entry.row);
    }
    return { total, encoding, replaced };
  };
  try {
    return await read('utf-8');
  } catch (error) {
    // Outlook's vCard 2.1 is written in the Windows code page (the whole-file reader does the same).
    if (error instanceof NotUtf8Error && format === 'vcard') return read('windows-1252');
    throw error;
  }
}

/**
 * A first look at the head of an uploaded file (`complete` when it is the whole file): refuses a
 * file that cannot be what its format says, so the agent hears it at once instead of from the job.
 */
export async function checkImportHead(format: ImportFormat, head: Uint8Array, complete: boolean): Promise<void> {
  async function* once() {
    yield head;
  }
  const look = async (encoding: ImportEncoding) => {
    const entries = readImportEntries(format, once(), { encoding, complete });
    try {
      await entries.next();
    } finally {
      await entries.return(undefined);
    }
  };
  try {
    await look('utf-8');
  } catch (error) {
    if (error instanceof NotUtf8Error && format === 'vcard') return look('windows-1252');
    // A head cut short may end inside a quoted value: only a whole file's quoting is judged here.
    if (!complete && error instanceof ImportFormatError && /is not valid CSV/.test(error.message)) return;
    throw error;
  }
}
