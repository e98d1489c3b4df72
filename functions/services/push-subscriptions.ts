// Turning notifications on for a device: the endpoint checked (https; a push service on this machine only in the
// local runtime), the browser's key checked as a real P-256 point, at most MAX_PUSH_SUBSCRIPTIONS devices per agent,
// and the same endpoint again kept as the same subscription.
import { createPublicKey } from 'node:crypto';
import { isPushEndpoint, MAX_PUSH_SUBSCRIPTIONS, PUSH_MESSAGES, type PushSubscriptionInput } from '@shared/push';
import { config } from '../config';
import { listPushSubscriptions, pushSubscriptionId, putPushSubscription } from '../data/push-subscriptions';

export type SubscribeOutcome =
  { ok: true; id: string } | { ok: false; reason: 'bad-endpoint' | 'bad-key' | 'too-many'; message: string };

export async function subscribeDevice(
  agentId: string,
  input: PushSubscriptionInput,
  now: Date,
): Promise<SubscribeOutcome> {
  const { localRuntime } = config();
  if (!isPushEndpoint(input.endpoint, localRuntime))
    return {
      ok: false,
      reason: 'bad-endpoint',
      message: localRuntime ? PUSH_MESSAGES.endpointLocal : PUSH_MESSAGES.endpoint,
    };
  if (!isP256Point(input.keys.p256dh)) return { ok: false, reason: 'bad-key', message: PUSH_MESSAGES.p256dh };
  const existing = await listPushSubscriptions(agentId);
  const same = existing.find((item) => item.id === pushSubscriptionId(input.endpoint));
  if (!same && existing.length >= MAX_PUSH_SUBSCRIPTIONS)
    return { ok: false, reason: 'too-many', message: PUSH_MESSAGES.tooMany };
  const id = await putPushSubscription(
    agentId,
    { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
    now,
    same,
  );
  return { ok: true, id };
}

/** 65 bytes starting 0x04 is the shape; a point on the curve is what encrypting to it needs. */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
