import { foldTag, hasTag, tagsSchema, uniqueTags, withoutTag, withTag } from './tags';

describe('tags', () => {
  it('keeps the first of tags that differ only in case, accents or spaces, trimmed', () => {
    expect(uniqueTags([' Past  buyer ', 'past buyer', 'Vïp', 'VIP', 'Seller'])).toEqual([
      'Past buyer',
      'Vïp',
      'Seller',
    ]);
    expect(foldTag('  Vïp  Client ')).toBe('vip client');
  });

  it('adds a tag only once and removes it whatever its case', () => {
    expect(withTag(['VIP'], 'vip')).toEqual(['VIP']);
    expect(withTag(undefined, 'Buyer')).toEqual(['Buyer']);
    expect(withoutTag(['VIP', 'Buyer'], 'vïp')).toEqual(['Buyer']);
    expect(hasTag(['Past Buyer'], 'past buyer')).toBe(true);
  });

  it('refuses a 21st tag, an empty one and one over 32 characters; null is none', async () => {
    await expect(tagsSchema.validate(Array.from({ length: 21 }, (_, i) => `t${i}`))).rejects.toThrow(
      'A client has at most 20 tags',
    );
    await expect(tagsSchema.validate(['  '])).rejects.toThrow('A tag cannot be empty');
    await expect(tagsSchema.validate(['x'.repeat(33)])).rejects.toThrow('A tag is at most 32 characters');
    await expect(tagsSchema.validate(null)).resolves.toEqual([]);
    // 20 after duplicates are dropped is within the limit.
    await expect(tagsSchema.validate([...Array.from({ length: 20 }, (_, i) => `t${i}`), 'T0'])).resolves.toHaveLength(
      20,
    );
  });
});
