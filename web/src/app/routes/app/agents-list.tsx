// /agents-list: every agent, for administrators.
import { AdminOnly } from '@/features/admin/components/admin-only';
import { AgentsList } from '@/features/admin/components/agents-list';

export function AgentsListRoute() {
  return (
    <AdminOnly>
      <AgentsList />
    </AdminOnly>
  );
}
