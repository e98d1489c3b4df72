import { importToast } from './import-toast';

describe('the import toast', () => {
  it('names the new clients as the spec words it, and the updates beside them', () => {
    expect(importToast({ imported: 2, updated: 0 })).toEqual({ title: 'Successfully imported 2 clients' });
    expect(importToast({ imported: 2, updated: 1 })).toEqual({
      title: 'Successfully imported 2 clients',
      description: 'Updated 1 existing client too.',
    });
  });

  it('says "Updated 12 clients" when a file only updated clients the agent had, not "imported 0"', () => {
    expect(importToast({ imported: 0, updated: 12 })).toEqual({
      title: 'Updated 12 clients',
      description: 'Every row matched a client you already had.',
    });
    expect(importToast({ imported: 0, updated: 1 }).title).toBe('Updated 1 client');
  });

  it('says nothing was imported when no row went in', () => {
    expect(importToast({ imported: 0, updated: 0 }).title).toBe('No clients were imported');
  });
});
