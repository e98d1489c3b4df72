import { randomBytes } from 'node:crypto';
import { selfRegistrationSchema } from './client-registration';
import { ID_PATTERN, isId } from './schemas';

// How functions/domain/signed-tokens.ts makes ids.
const randomId = () => randomBytes(16).toString('base64url');

describe('the id pattern', () => {
  it('accepts the ids the product makes', () => {
    for (let i = 0; i < 50; i += 1) expect(isId(randomId())).toBe(true);
    expect(isId('a'.repeat(64))).toBe(true);
  });

  it('refuses what cannot be an id: empty, too long, other characters, not a string', () => {
    for (const value of [
      '',
      'a'.repeat(65),
      'abc/def',
      'a b',
      'ab.cd',
      'ab\u0000',
      'AGENT#x',
      42,
      null,
      undefined,
      { id: 'abc' },
    ]) {
      expect(isId(value)).toBe(false);
    }
  });

  it('is the one the registration schemas check ids with', async () => {
    const registration = { name: 'Ann Lee', email: 'ann@example.com', phone: '5551234567' };
    await expect(selfRegistrationSchema.validate({ ...registration, agentId: 'abc/def' })).rejects.toThrow();
    await expect(selfRegistrationSchema.validate({ ...registration, agentId: randomId() })).resolves.toBeTruthy();
    expect(ID_PATTERN.source).toBe('^[A-Za-z0-9_-]{1,64}$');
  });
});
