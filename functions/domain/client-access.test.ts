import { canAccess } from './client-access';

const agent = { id: 'agent-1', admin: false };
const admin = { id: 'admin-1', admin: true };

describe('who may see and change a client', () => {
  it('lets an agent reach their own clients and no one else’s, on every kind of route', () => {
    expect(canAccess(agent, { agentId: 'agent-1' })).toBe(true);
    expect(canAccess(agent, { agentId: 'agent-2' })).toBe(false);
    expect(canAccess(agent, { agentId: 'agent-2' }, 'administer')).toBe(false);
  });

  it('lets an administrator reach another agent’s client only in admin mode', () => {
    expect(canAccess(admin, { agentId: 'agent-2' })).toBe(false);
    expect(canAccess(admin, { agentId: 'agent-2' }, 'administer')).toBe(true);
    expect(canAccess(admin, { agentId: 'admin-1' })).toBe(true);
  });
});
