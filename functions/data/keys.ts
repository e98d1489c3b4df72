// Every DynamoDB key the product builds, and only here. Access patterns:
//  - user by id ............ GetItem USER#<id> / PROFILE
//  - user by username ...... GetItem USERNAME#<email> / LOCK → userId (uniqueness lock)
//  - phone uniqueness ...... PHONE#<digits> / LOCK
//  - sessions of a user .... Query USER#<id>, sk begins_with SESSION#
//  - agents (admin) ........ Query gsi1 AGENTS, sorted by signup date
//  - reset token ........... GetItem RESET#<jti> / RESET
//  - login throttle ........ GetItem THROTTLE#<scope>#<id> / W#<window start>
//  - platform counters ..... GetItem STATS / TOTAL and STATS / MONTH#YYYY-MM
//  - an agent's clients .... Query AGENT#<agentId>, sk begins_with CLIENT# (tenancy by construction)
//  - client e-mail per agent GetItem AGENT#<agentId> / CLIENTEMAIL#<email> → clientId (no duplicates)
//  - client by id (admin) .. Query gsi2 CLIENT#<id>
//  - all clients (admin) ... Query gsi1 CLIENTS, sorted by creation
//  - a client's milestones . Query CLIENT#<clientId>, sk begins_with MILESTONE#
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

export const clientKey = (agentId: string, clientId: string) => ({ pk: `AGENT#${agentId}`, sk: `CLIENT#${clientId}` });
export const agentPartition = (agentId: string) => `AGENT#${agentId}`;
export const CLIENT_PREFIX = 'CLIENT#';
export const clientIndexKeys = (createdAt: string, clientId: string) => ({
  gsi1pk: 'CLIENTS',
  gsi1sk: `${createdAt}#${clientId}`,
  gsi2pk: `CLIENT#${clientId}`,
  gsi2sk: 'CLIENT',
});
export const CLIENTS_PARTITION = 'CLIENTS';
export const clientEmailLockKey = (agentId: string, email: string) => ({ pk: `AGENT#${agentId}`, sk: `CLIENTEMAIL#${email.toLowerCase()}` });
export const milestoneKey = (clientId: string, type: string) => ({ pk: `CLIENT#${clientId}`, sk: `MILESTONE#${type}` });
export const milestonePartition = (clientId: string) => `CLIENT#${clientId}`;
export const MILESTONE_PREFIX = 'MILESTONE#';
