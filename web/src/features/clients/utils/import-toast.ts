// What the toast says when an import ends: the request's own import and the import job's alike.
import type { ImportResult } from '@shared/api-types';
import { countText } from '@/lib/count-text';

/**
 * What the toast says an import did: new clients first (the spec's words), else the updates, else that nothing changed.
 */
export function importToast({ imported, updated }: Pick<ImportResult, 'imported' | 'updated'>): {
  title: string;
  description?: string;
} {
  const updates = countText(updated, 'existing client', 'existing clients');
  if (imported > 0)
    return {
      title: `Successfully imported ${imported} clients`,
      ...(updated > 0 ? { description: `Updated ${updates} too.` } : {}),
    };
  if (updated > 0)
    return {
      title: `Updated ${countText(updated, 'client', 'clients')}`,
      description: 'Every row matched a client you already had.',
    };
  return {
    title: 'No clients were imported',
    description: 'No row could be imported: the reasons are listed in the dialog.',
  };
}
