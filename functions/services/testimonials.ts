// A confirmed video testimonial: the client is flagged through the client record, then the testimonial is recorded
// under the client's partition (functions/data/testimonials.ts). The agent sees each through a presigned GET valid a
// few minutes (the bucket stays private).
import type { Testimonial } from '@shared/api-types';
import { changeClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { listTestimonials, recordTestimonial, type TestimonialItem } from '../data/testimonials';
import type { UserItem } from '../data/users';
import type { NotFound } from '../domain/refusals';
import { presignVideoGet } from '../integrations/video-uploads';

export const TESTIMONIAL_URL_TTL_SECONDS = 10 * 60;

/** The videos one of the agent's clients left, each with its link. */
export async function clientTestimonials(
  user: UserItem,
  clientId: string,
  now = new Date(),
): Promise<Testimonial[] | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const urlExpiresAt = new Date(now.getTime() + TESTIMONIAL_URL_TTL_SECONDS * 1000).toISOString();
  return Promise.all(
    (await listTestimonials(client.id)).map(async (t) => ({
      id: t.id,
      contentType: t.contentType,
      size: t.size,
      uploadedAt: t.uploadedAt,
      url: await presignVideoGet(t.key, TESTIMONIAL_URL_TTL_SECONDS),
      urlExpiresAt,
    })),
  );
}

/** Flags the client as having left a testimonial; false when the client no longer exists. */
export async function markClientHasTestimonial(agentId: string, clientId: string): Promise<boolean> {
  return (await changeClient(agentId, clientId, { kind: 'testimonial-received' })).kind !== 'not-found';
}

/**
 * Shows a confirmed video to the agent: flags the client and records the testimonial; undefined when the client no
 * longer exists.
 */
export async function attachTestimonial(
  video: Pick<TestimonialItem, 'id' | 'agentId' | 'clientId' | 'key'>,
  found: { size: number; contentType: string },
): Promise<TestimonialItem | undefined> {
  if (!(await markClientHasTestimonial(video.agentId, video.clientId))) return undefined;
  return recordTestimonial(video, found);
}
