// Text an agent (or a visitor) typed, shown inside a message we send: one line, at most
// AGENT_TEXT_MAX characters, and never something a mail client or phone turns into a link. A
// business name like "Visit evil.example" must read as words, not as our invitation to click.

export const AGENT_TEXT_MAX = 80;

const ELLIPSIS = '…';
// IDNA reads the ideographic and fullwidth full stops as dots too, so they separate labels here.
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]*[\\p{L}\\p{N}])?';
// Dotted names whose last label is alphabetic (a TLD), and dotted quads (IPv4).
const DOMAIN_LIKE = new RegExp(
  `${LABEL}(?:${DOT}${LABEL})*${DOT}(?:\\p{L}{2,}|xn--[a-z0-9-]+)(?![\\p{L}\\p{N}])|\\d{1,3}(?:${DOT}\\d{1,3}){3}`,
  'giu',
);
const SCHEME = /\b([a-z][a-z0-9+.-]*):(\/\/|\\\\)/gi;
const BARE_SCHEME = /\b(mailto|tel|sms|callto|javascript|data):/gi;

/**
 * The plain form: control characters and runs of white space become one space, then the text is
 * cut to `max` characters (an ellipsis marks the cut), then every URL-like or domain-like part is
 * defanged (`evil[.]example`, `https[:]//`) so no mail client or phone auto-links it.
 */
export function agentText(value: string | null | undefined, max = AGENT_TEXT_MAX): string {
  const line = oneLine((value ?? '').normalize('NFKC'));
  const chars = Array.from(line);
  const cut =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}${ELLIPSIS}`
      : line;
  return defang(cut);
}

/** Control and format characters and runs of white space (line breaks included) become one space; trimmed. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
}

/** Makes URLs, e-mail domains and bare domains unlinkable: every dot between labels becomes `[.]`, every `scheme://` `scheme[:]//`. */
export function defang(text: string): string {
  return text
    .replace(SCHEME, (_m, scheme: string, slashes: string) => `${scheme}[:]${slashes}`)
    .replace(BARE_SCHEME, (_m, scheme: string) => `${scheme}[:]`)
    .replace(DOMAIN_LIKE, (match) => match.replace(new RegExp(DOT, 'gu'), '[.]'));
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The HTML form of `agentText`: cut, defanged, then escaped. */
export function agentHtml(value: string | null | undefined, max = AGENT_TEXT_MAX): string {
  return escapeHtml(agentText(value, max));
}

/** The first word of a person's name, as plain text ("Jane" of "Jane Q. Doe"). */
export function firstName(name: string): string {
  return agentText(name.trim().split(/\s+/)[0] ?? name);
}

type Signer = { fullName: string; businessName?: string | null };

/** "Jane Doe from Blue Heron Homes", or the name alone: how a message names the agent it comes from. */
export function senderLine(agent: Signer): string {
  return agent.businessName
    ? `${agentText(agent.fullName)} from ${agentText(agent.businessName)}`
    : agentText(agent.fullName);
}

/** The agent's name and business name, one per line, for a message's closing. */
export function signatureLines(agent: Signer): string[] {
  return [agent.fullName, agent.businessName].filter(Boolean).map((line) => agentText(line));
}

/** The agent's own message, as plain text: line endings unified, control characters dropped, trimmed. */
export function messageBodyText(body: string): string {
  return (
    body
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

/**
 * The agent's own message as HTML: every character escaped, paragraphs at blank lines, <br> at line breaks. Nothing the
 * agent types becomes markup.
 */
export function messageBodyHtml(body: string): string {
  return messageBodyText(body)
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
