// The new text of a client's e-mail reply: what they wrote above the quoted history, without quoted lines or their
// signature. Written here, line by line, so it takes time linear in the mail's size whatever the mail holds: the
// regular expressions of reply parsers (email-reply-parser's `.+\son.*at.*wrote:` among them) backtrack on a long line
// full of " on " and " at ", and a 24,000-character line took a minute. Each test below reads one line, or two, and
// is either plain string work or an anchored pattern without nested or adjacent unbounded repeats; lines longer than an
// attribution can be are never tested as one.

/** An attribution ("On Tue, 3 Mar 2026 at 10:02, Jane <r-…@…> wrote:") is never longer than this. */
const HEADER_MAX = 400;

/** How an attribution line ends, in the languages mail clients write it in. */
const ATTRIBUTION_ENDS = [
  'wrote:',
  'wrote',
  'écrit :',
  'écrit:',
  'escribió:',
  'scritto:',
  'escreveu:',
  'schrieb:',
  'pisze:',
  'napisał:',
  'napisał(a):',
  'kirjoitti:',
  'skrev:',
  '写道：',
  '작성:',
  'のメッセージ:',
] as const;
/** How one starts ("On …", "Le …", "Am …"): a word, then a space. */
const ATTRIBUTION_START = /^(?:On|Le|El|Il|Em|Am|Op|W dniu|Dnia|Den|pe|In data|在|20\d\d[./-])\s?/;
/** Outlook's and others' "-----Original Message-----" lines. */
const ORIGINAL_MESSAGE =
  /^-{1,12} ?(?:original message|oprindelig besked|message d'origine|ursprüngliche nachricht) ?-{0,12}$/i;
/** The first line of a forwarded header block ("From: Jane <jane@…>"), in bold or not, in a few languages. */
const FROM_LINE = /^\*?(?:From|Von|De|Van|Da) ?:\*? /;
/** The line of that block that dates it. */
const SENT_LINE = /^\*?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Verzonden|Inviato) ?:\*? /;
/** Lines that open a signature (the rest of the block below is the signature). */
const SIGNATURE_LINE =
  /^(?:-{2,4}|_{2,4}|\+{2,4}|={2,4}|_{32}|cheers,?!?|best wishes,?!?|(?:kind |best |warm )?regards,?!?|bien à vous,?!?|cordialement,?!?)$/i;
const SIGNATURE_STARTS = [
  'Sent from ',
  'Get Outlook for ',
  'Sendt fra ',
  'Envoyé depuis ',
  'Envoyé de mon ',
  'Envoyé à partir de ',
  'Télécharger Outlook pour ',
  'Enviado desde ',
  'Verzonden vanaf ',
  'Verstuurd vanaf ',
  'Gesendet von ',
] as const;

const short = (line: string) => line.length <= HEADER_MAX;
const endsAttribution = (line: string) => ATTRIBUTION_ENDS.some((end) => line.endsWith(end));

/** Whether an attribution starts at `lines[i]`, on that line alone or wrapped onto the next (as Gmail wraps it). */
function attributionAt(lines: readonly string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (!short(line) || line.length === 0) return false;
  if (ORIGINAL_MESSAGE.test(line)) return true;
  const starts = ATTRIBUTION_START.test(line);
  if (starts && endsAttribution(line)) return true;
  // "Jane Doe on Tue, 3 Mar 2026 at 10:02 wrote:", "Jane <jane@…> schrieb:".
  if (line.endsWith('wrote:') && line.includes(' on ')) return true;
  if (line.endsWith('schrieb:') && line.includes('<')) return true;
  // "Am … schrieb Jane <jane@…>:", "Den … skrev Jane <jane@…>:", "Op … schreef Jane <jane@…>:".
  if (starts && line.endsWith(':') && [' schrieb ', ' skrev ', ' schreef '].some((verb) => line.includes(verb))) {
    return true;
  }
  const next = lines[i + 1]?.trim();
  if (starts && next !== undefined && short(next) && endsAttribution(next)) return true;
  // Outlook's block: From: then, a few lines down (To:, Cc:), Sent: or Date:; or a rule of underscores above it.
  if (/^_{10,}$/.test(line)) return FROM_LINE.test(lines[i + 1]?.trim() ?? '');
  if (FROM_LINE.test(line)) {
    for (let j = i + 1; j <= i + 4 && j < lines.length; j += 1) {
      if (SENT_LINE.test(lines[j]!.trim())) return true;
    }
    // "From: Jane <jane@example.com>" on its own.
    return line.includes('@') && (line.endsWith('>') || line.endsWith(']'));
  }
  return false;
}

const isQuoted = (line: string) => line.startsWith('>');
const isSignature = (line: string) =>
  line === '-- ' ||
  (short(line) && (SIGNATURE_LINE.test(line.trim()) || SIGNATURE_STARTS.some((start) => line.startsWith(start))));

/**
 * The new text of a reply's plain-text body: cut at the first attribution of the quoted history; quoted lines (">")
 * left out wherever they are; a signature left out up to the next quoted block; blank runs kept to one blank line.
 */
export function replyText(body: string): string {
  const lines = body
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n');
  const kept: string[] = [];
  let inSignature = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!.trimEnd();
    if (attributionAt(lines, i)) break;
    if (isQuoted(line)) {
      inSignature = false;
      continue;
    }
    if (inSignature || isSignature(lines[i]!)) {
      inSignature = true;
      continue;
    }
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
