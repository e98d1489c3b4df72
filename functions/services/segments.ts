// Segments as the API answers them: each with its current count (functions/services/client-filter.ts).
import type { Segment } from '@shared/api-types';
import type { SegmentRename } from '@shared/segments';
import { listSegments, setSegmentName, type SegmentItem } from '../data/segments';
import type { UserItem } from '../data/users';
import type { NotFound } from '../domain/refusals';
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

/** Gives one of the agent's segments a new name (its filter stays): the segment with its count now, or not-found. */
export async function renameSegment(
  agent: Pick<UserItem, 'id' | 'timeZone'>,
  segmentId: string,
  { name }: SegmentRename,
): Promise<Segment | NotFound<'segment'>> {
  const item = await setSegmentName(agent.id, segmentId, name.trim());
  if (!item) return { kind: 'not-found', what: 'segment' };
  return toSegment(item, await countFilteredClients(agent.id, item.filter, { timeZone: agent.timeZone }));
}
