// Segments as the API answers them: each with its current count (functions/services/client-filter.ts).
import type { Segment } from '@shared/api-types';
import { listSegments, type SegmentItem } from '../data/segments';
import { forEachLimited } from '../lib/concurrency';
import { countFilteredClients } from './client-filter';

export function toSegment(item: SegmentItem, count: number): Segment {
  return { id: item.id, name: item.name, filter: item.filter, count, createdAt: item.createdAt };
}

/** The agent's segments with their counts (a few at a time: each reads what its filter drives). */
export async function listSegmentsWithCounts(agentId: string, timeZone: string): Promise<Segment[]> {
  const items = await listSegments(agentId);
  const counts = new Map<string, number>();
  await forEachLimited(items, 4, async (item) => {
    counts.set(item.id, await countFilteredClients(agentId, item.filter, { timeZone }));
  });
  return items.map((item) => toSegment(item, counts.get(item.id) ?? 0));
}
