import { replyText } from './reply-text';

describe('the new text of a reply', () => {
  it.each([
    [
      'an English attribution',
      'Yes, Friday.\n\nOn Tue, 3 Mar 2026 at 10:02, Jane <r-abc@reply.example> wrote:\n> Friday?',
    ],
    [
      'a Gmail attribution wrapped onto two lines',
      'Yes, Friday.\n\nOn Tue, 3 Mar 2026 at 10:02, Jane Doe <\nr-abc@reply.example> wrote:\n> Friday?',
    ],
    ['"NAME on DATE at TIME wrote:"', 'Yes, Friday.\n\nJane Doe on Tue, 3 Mar 2026 at 10:02 wrote:\n\nFriday?'],
    [
      'a French attribution',
      'Yes, Friday.\n\nLe mar. 3 mars 2026 à 10:02, Jane <jane@example.com> a écrit :\n> Vendredi ?',
    ],
    ['a German attribution', 'Yes, Friday.\n\nAm 03.03.2026 um 10:02 schrieb Jane <jane@example.com>:\n> Freitag?'],
    [
      'a Spanish attribution',
      'Yes, Friday.\n\nEl mar, 3 mar 2026 a las 10:02, Jane (<jane@example.com>) escribió:\n> ¿Viernes?',
    ],
    ['"-----Original Message-----"', 'Yes, Friday.\n\n-----Original Message-----\nFrom: Jane\nFriday?'],
    [
      "Outlook's From/Sent block",
      'Yes, Friday.\n\nFrom: Jane Doe <jane@example.com>\nTo: Sam\nSent: Tuesday, March 3, 2026 10:02 AM\nSubject: Friday\n\nFriday?',
    ],
    ["Outlook's rule of underscores", 'Yes, Friday.\n\n________________________________\nFrom: Jane Doe\nFriday?'],
  ])('is cut at %s', (_, body) => {
    expect(replyText(body)).toBe('Yes, Friday.');
  });

  it('leaves out quoted lines wherever they are, and keeps the answers between them', () => {
    const body = '> Would Friday work?\nYes, Friday.\n\n> And the price?\n> Still 450?\nYes, 450.\n';
    expect(replyText(body)).toBe('Yes, Friday.\n\nYes, 450.');
  });

  it.each([
    ['"-- "', 'Yes, Friday.\n\n-- \nSam Keller\nKeller Homes'],
    ['"--"', 'Yes, Friday.\n--\nSam Keller'],
    ['"Sent from my iPhone"', 'Yes, Friday.\n\nSent from my iPhone'],
    ['"Get Outlook for iOS"', 'Yes, Friday.\n\nGet Outlook for iOS'],
  ])('leaves out a signature opened by %s', (_, body) => {
    expect(replyText(body)).toBe('Yes, Friday.');
  });

  it('keeps a line that only mentions "wrote" or starts with "On"', () => {
    const body = 'On Friday I wrote the offer.\nMy agent wrote: we are close.';
    expect(replyText(body)).toBe(body);
  });

  it('joins CRLF lines, keeps one blank line between paragraphs and trims the ends', () => {
    expect(replyText('\r\n\r\nYes,\r\n\r\n\r\n\r\nFriday.  \r\n\r\n')).toBe('Yes,\n\nFriday.');
  });

  it('reads a line of 100,000 characters full of " on " and " at " (and no "wrote:") whole', () => {
    // The shape that made a backtracking parser cubic (`.+\son.*at.*wrote:`): here one pass over the line.
    const line = ' on at'.repeat(20_000).slice(0, 100_000);
    expect(replyText(`Hi Jane,\n${line}x\nThanks`)).toBe(`Hi Jane,\n${line}x\nThanks`);
  });

  it('takes no attribution from a line longer than any attribution is', () => {
    const long = `On ${'Tuesday '.repeat(60)}wrote:`;
    expect(replyText(`Yes.\n${long}`)).toBe(`Yes.\n${long}`);
  });
});
