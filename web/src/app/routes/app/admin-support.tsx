// /admin/support: the agents' support requests for administrators, Pro agents' first, to answer and close.
import ArrowBackRounded from '@/components/icons/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { SupportQueue } from '@/features/support/components/support-queue';

export function AdminSupportRoute() {
  return (
    <AdminOnly>
      <PageLayout
        title={paths.adminSupport.label}
        description="Agents' questions, Pro agents' first. A reply is e-mailed to the agent and shows on their Help page."
        actions={
          <Button component={RouterLink} to={paths.admin.getHref()} variant="outlined" startIcon={<ArrowBackRounded />}>
            Back to Admin Dashboard
          </Button>
        }
      >
        <SupportQueue />
      </PageLayout>
    </AdminOnly>
  );
}
