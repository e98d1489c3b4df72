// Keys of the counters kept by ADD: the platform's analytics, the request throttles, and the outbound caps (an agent's
// daily sends and AI drafts, bounces and complaints, the platform's sends). Access patterns:
//  - platform counters ..... ADD on STATS#<shard> / TOTAL and STATS#<shard> / MONTH#YYYY-MM, shard 0..STATS_SHARDS-1 at
//                            random per write (no hot key); a counter's value is the sum over its shards
//  - analytics counters .... Query each STATS#<shard>, sk BETWEEN MONTH#<first month> AND TOTAL (STATS_SHARDS reads,
//                            summed)
//  - throttle window ....... GetItem THROTTLE#<scope>#<id> / W#<window start>
//  - throttle delays ....... GetItem THROTTLE#<scope>#<id> / DELAY (failures in a row, next allowed time)
//  - an agent's daily sends  conditional ADD on SENDS#<agentId> / <channel>#<UTC date> (the outbound caps; TTL)
//  - an agent's AI drafts a day conditional ADD on SENDS#<agentId> / ai-draft#<UTC date> (the draft quota; TTL)
//  - an agent's bounces and complaints ADD on SENDS#<agentId> / bounce#<UTC date>, complaint#<UTC date>; read with
//                            the e-mail counts by one Query of SENDS#<agentId> (the sending review; TTL)
//  - an agent's e-mails that left ADD on SENDS#<agentId> / sent#<UTC date> (what the sending review counts; TTL)
//  - an agent's complainants  conditional Put SENDS#<agentId> / complainant-mark#<keyed hash of the address> (until its
//                            day leaves the review's window), then ADD on SENDS#<agentId> / complainant#<UTC date>
//                            (TTL)
//  - SES event counted once  conditional Put SESEVENT#<SES message id> / <bounce|complaint> (TTL)
//  - the platform's sends .. conditional ADD on PLATFORMSENDS#<channel>#<UTC date> / COUNT (the circuit breaker; TTL)
//  - the free share ........ conditional ADD on PLATFORMSENDS#<channel>#<UTC date> / FREE (free accounts' and new
//                            senders' part of the breaker; TTL)
export const STATS_SHARDS = 10;
export const statsPartition = (shard: number) => `STATS#${shard}`;
export const statsTotalKey = (shard: number) => ({ pk: statsPartition(shard), sk: STATS_TOTAL_SK });
export const statsMonthKey = (shard: number, month: string) => ({
  pk: statsPartition(shard),
  sk: `${STATS_MONTH_PREFIX}${month}`,
});
export const statsShardKey = (shard: number, sk: string) => ({ pk: statsPartition(shard), sk });
export const STATS_MONTH_PREFIX = 'MONTH#';
export const STATS_TOTAL_SK = 'TOTAL';

export const throttlePartition = (scope: string, id: string) => `THROTTLE#${scope}#${id}`;
export const throttleKey = (scope: string, id: string, windowStart: number) => ({
  pk: throttlePartition(scope, id),
  sk: `W#${windowStart}`,
});
export const throttleDelayKey = (scope: string, id: string) => ({ pk: throttlePartition(scope, id), sk: 'DELAY' });

export const sendCountKey = (agentId: string, channel: string, day: string) => ({
  pk: `SENDS#${agentId}`,
  sk: `${channel}#${day}`,
});
export const sendsPartition = (agentId: string) => `SENDS#${agentId}`;
export const draftCountKey = (agentId: string, day: string) => ({ pk: `SENDS#${agentId}`, sk: `ai-draft#${day}` });
export const sendCountPartition = (agentId: string) => `SENDS#${agentId}`;
export const sesEventKey = (sesMessageId: string, reason: string) => ({ pk: `SESEVENT#${sesMessageId}`, sk: reason });
export const platformSendCountKey = (channel: string, day: string) => ({
  pk: `PLATFORMSENDS#${channel}#${day}`,
  sk: 'COUNT',
});
export const platformFreeShareKey = (channel: string, day: string) => ({
  pk: `PLATFORMSENDS#${channel}#${day}`,
  sk: 'FREE',
});
export const complainantMarkKey = (agentId: string, mark: string) => ({
  pk: `SENDS#${agentId}`,
  sk: `complainant-mark#${mark}`,
});
