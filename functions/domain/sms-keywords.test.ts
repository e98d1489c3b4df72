import { classifyText, helpReply, isConfirmation, keywordForm, optInRequest } from './sms-keywords';

describe('classifyText', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop ',
    's t o p',
    'STOP!',
    'Stop.',
    'StopAll',
    'unsubscribe',
    'END',
    'quit',
    'revoke',
    'OPTOUT',
    'opt-out',
    'Opt Out',
    'cancel',
    'remove',
    'ARRET',
    'td',
    '\tSTOP\n',
    'ＳＴＯＰ',
  ])('%j opts out', (text) => {
    expect(classifyText(text)).toBe('opt-out');
  });

  it.each(['YES', 'yes!', 'Yes.'])(
    '%j is a reply, not a keyword (only our request for an opt-in makes it one)',
    (text) => {
      expect(classifyText(text)).toBe('message');
      expect(isConfirmation(text)).toBe(true);
    },
  );

  it.each(['Yes please', 'yes, Friday', 'Y', 'yeah'])('%j confirms nothing', (text) => {
    expect(isConfirmation(text)).toBe(false);
  });

  it.each(['START', 'start', ' Un Stop ', 'unstop'])('%j opts back in', (text) => {
    expect(classifyText(text)).toBe('opt-in');
  });

  it.each(['HELP', 'help', ' Info ', 'i n f o'])('%j asks for help', (text) => {
    expect(classifyText(text)).toBe('help');
  });

  it.each([
    'Please stop texting me on Sundays',
    'stop by anytime!',
    'Yes please, Tuesday works',
    'STOP STOP',
    'STOP!!',
    'helpful, thanks',
    '',
    undefined,
  ])('%j is a message, not a keyword', (text) => {
    expect(classifyText(text)).toBe('message');
  });
});

describe('keywordForm', () => {
  it('drops white space anywhere and one closing . or !, in upper case', () => {
    expect(keywordForm(' o p t - o u t .')).toBe('OPT-OUT');
  });
});

describe('helpReply', () => {
  it('names the agent and their business and says how to stop', () => {
    const reply = helpReply({ fullName: 'Jane Doe', businessName: 'Blue Heron Homes' });
    expect(reply).toContain('Jane Doe (Blue Heron Homes)');
    expect(reply).toContain('Reply STOP to opt out');
  });

  it('without a known agent, still says how to stop', () => {
    expect(helpReply(undefined)).toMatch(/^Hearthside .*Reply STOP to opt out/);
  });

  it('never turns an agent name into a link', () => {
    expect(helpReply({ fullName: 'Visit evil.example' })).toContain('evil[.]example');
  });
});

describe('optInRequest', () => {
  it('names the business and the agent, asks for YES and says how to stop, in one SMS segment', () => {
    expect(optInRequest({ fullName: 'Jane Doe', businessName: 'Blue Heron Homes' })).toBe(
      'Blue Heron Homes: reply YES to get texts from Jane Doe. Reply STOP to opt out.',
    );
    expect(optInRequest({ fullName: 'Jane Doe' })).toBe(
      'Hearthside: reply YES to get texts from Jane Doe. Reply STOP to opt out.',
    );
    const long = optInRequest({ fullName: 'J'.repeat(200), businessName: 'B'.repeat(200) });
    expect(long.length).toBeLessThanOrEqual(160);
  });

  it('never turns a name into a link', () => {
    expect(optInRequest({ fullName: 'Jane', businessName: 'Visit evil.example' })).toContain('evil[.]example');
  });
});
