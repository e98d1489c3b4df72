// Every DynamoDB key the product builds, and only here. Access patterns:
//  - user by id ............ GetItem USER#<id> / PROFILE
//  - user by username ...... GetItem USERNAME#<email> / LOCK → userId (uniqueness lock)
//  - phone uniqueness ...... PHONE#<digits> / LOCK
//  - sessions of a user .... Query USER#<id>, sk begins_with SESSION#
//  - agents (admin) ........ Query gsi1 AGENTS, sorted by signup date
//  - reset token ........... GetItem RESET#<jti> / RESET
//  - login throttle ........ GetItem THROTTLE#<scope>#<id> / W#<window start>
//  - platform counters ..... GetItem STATS / TOTAL and STATS / MONTH#YYYY-MM
export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
export const agentsIndexKeys = (signupDate: string, userId: string) => ({ gsi1pk: 'AGENTS', gsi1sk: `${signupDate}#${userId}` });
export const AGENTS_PARTITION = 'AGENTS';
export const usernameLockKey = (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'LOCK' });
export const phoneLockKey = (digits: string) => ({ pk: `PHONE#${digits}`, sk: 'LOCK' });
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const SESSION_PREFIX = 'SESSION#';
export const userPartition = (userId: string) => `USER#${userId}`;
export const resetTokenKey = (jti: string) => ({ pk: `RESET#${jti}`, sk: 'RESET' });
export const throttleKey = (scope: string, id: string, windowStart: number) => ({ pk: `THROTTLE#${scope}#${id}`, sk: `W#${windowStart}` });
export const statsTotalKey = () => ({ pk: 'STATS', sk: 'TOTAL' });
export const statsMonthKey = (month: string) => ({ pk: 'STATS', sk: `MONTH#${month}` });
