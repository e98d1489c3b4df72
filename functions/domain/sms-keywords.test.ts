import { classifyText, helpReply, keywordForm } from './sms-keywords';

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

  it.each(['YES', 'yes!', 'Yes.'])('%j is a reply, not an opt-in (no text of ours asks for one)', (text) => {
    expect(classifyText(text)).toBe('message');
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
