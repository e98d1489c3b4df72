import { AGENT_TEXT_MAX, agentHtml, agentText } from './message-text';

describe('agent-controlled text in our messages', () => {
  it.each([
    ['Visit evil.example today', 'Visit evil[.]example today'],
    ['http://evil.example/login?x=1', 'http[:]//evil[.]example/login?x=1'],
    ['HTTPS://Evil.Example', 'HTTPS[:]//Evil[.]Example'],
    ['www.evil.com', 'www[.]evil[.]com'],
    ['write to help@evil.example', 'write to help@evil[.]example'],
    ['evil。example', 'evil[.]example'],
    ['evil．example', 'evil[.]example'],
    ['call 10.0.0.1', 'call 10[.]0[.]0[.]1'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
    ['mailto:boss@evil.example', 'mailto[:]boss@evil[.]example'],
    ['Realty.Homes', 'Realty[.]Homes'],
  ])('defangs the URL-like %p as %p', (typed, shown) => {
    expect(agentText(typed)).toBe(shown);
  });

  it.each([
    'J.R. Smith & Co. Realty',
    "Jane O'Brien",
    'St. Louis Homes',
    'Rated 4.5 stars',
    'Blue Heron Homes · Portland, OR',
  ])('leaves the ordinary name %p as typed', (name) => {
    expect(agentText(name)).toBe(name);
  });

  it(`cuts text longer than ${AGENT_TEXT_MAX} characters with an ellipsis`, () => {
    const long = 'Sunshine Coast Luxury Waterfront Properties and Investment Consulting Group of Greater Tampa';
    const shown = agentText(long);
    expect(Array.from(shown).length).toBeLessThanOrEqual(AGENT_TEXT_MAX);
    expect(Array.from(shown).length).toBeGreaterThan(AGENT_TEXT_MAX - 3);
    expect(shown.endsWith('…')).toBe(true);
    expect(long.startsWith(shown.slice(0, -1))).toBe(true);
    expect(agentText('x'.repeat(AGENT_TEXT_MAX))).toBe('x'.repeat(AGENT_TEXT_MAX));
    expect(agentText('Short Realty', 5)).toBe('Shor…');
  });

  it('keeps a name cut in the middle of a domain unlinkable', () => {
    expect(agentText(`${'a'.repeat(70)} evil.example.com`)).toBe(`${'a'.repeat(70)} evil[.]exa…`);
  });

  it('puts everything on one line, without control or direction-changing characters', () => {
    expect(agentText('Jane\r\nBcc: victim@example.com\u202E\u0007  Doe')).toBe('Jane Bcc: victim@example[.]com Doe');
    expect(agentText(null)).toBe('');
  });

  it('escapes the HTML form after defanging it', () => {
    expect(agentHtml('<a href="https://evil.example">Jane & Co</a>')).toBe(
      '&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;Jane &amp; Co&lt;/a&gt;',
    );
  });
});
