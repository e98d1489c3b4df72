// /admin/support: the agents' support requests for administrators, Pro agents' first, to answer and close.
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { SupportQueue } from '@/features/support/components/support-queue';
import { BackButton } from '@/components/ui/link-button';

export function AdminSupportRoute() {
  return (
    <AdminOnly>
      <PageLayout
        title={paths.adminSupport.label}
        description="Agents' questions, Pro agents' first. A reply is e-mailed to the agent and shows on their Help page."
        actions={
          <BackButton to={paths.admin.getHref()} variant="outlined">
            Back to Admin Dashboard
          </BackButton>
        }
      >
        <SupportQueue />
      </PageLayout>
    </AdminOnly>
  );
}
