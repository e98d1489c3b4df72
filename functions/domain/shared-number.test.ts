import { choiceQuestion, pickedChoice } from './shared-number';

describe('the question of a shared number', () => {
  it('names each agent by business name, else by name, with the number to reply', () => {
    const question = choiceQuestion([
      { agentId: 'a', fullName: 'Jane Whitfield', businessName: 'Whitfield Homes' },
      { agentId: 'b', fullName: 'Sam Keller', businessName: ' ' },
    ]);
    expect(question).toBe(
      'Several agents text you from this number. Which one is your message for? Reply 1 for Whitfield Homes, 2 for Sam Keller.',
    );
  });

  it('reads a name that looks like a link as words', () => {
    expect(choiceQuestion([{ agentId: 'a', fullName: 'x', businessName: 'evil.example' }])).toContain('evil[.]example');
  });
});

describe('the answer', () => {
  const choices = ['first', 'second'];
  it.each([
    ['1', 'first'],
    [' 2. ', 'second'],
    ['2!', 'second'],
  ])('%j picks a choice', (body, picked) => {
    expect(pickedChoice(body, choices)).toBe(picked);
  });

  it.each([['3'], ['0'], ['12'], ['one'], ['1 please'], ['']])('%j picks none', (body) => {
    expect(pickedChoice(body, choices)).toBeUndefined();
  });
});
