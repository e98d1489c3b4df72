// Altering signed or sealed text in a test. Never its last base64url character: the last one of an encoding whose
// length is not a multiple of 3 bytes carries padding bits a decoder ignores, so changing it can leave the bytes (and
// the signature) as they were, and a "forged" token would pass now and then.

/** `text` with one character ten from its end replaced by another base64url character. */
export function tampered(text: string): string {
  const at = text.length - 10;
  return `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
}
