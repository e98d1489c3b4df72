// /admin: platform analytics for administrators: totals, the test SMS, monthly charts and the agents;
// the way to the support requests, client data and the export.
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { useExportAllData } from '@/features/admin/api/export-all-data';
import { useAdminAnalytics } from '@/features/admin/api/get-admin-analytics';
import { AdminActivity } from '@/features/admin/components/admin-activity';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { NotAuthorized } from '@/features/admin/components/not-authorized';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { BusyButton } from '@/components/ui/busy-button';
import { LinkButton } from '@/components/ui/link-button';
import type { ComponentProps } from 'react';

export function AdminRoute() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}

function AdminDashboard() {
  const { toast } = useToast();
  const { analytics, error, mutate } = useAdminAnalytics();
  const exportAll = useExportAllData();
  const overview = analytics?.overview;
  const stats: ComponentProps<typeof StatCard>[] = [
    {
      title: 'Total Agents',
      label: 'Agents on the platform',
      value: overview?.totalAgents,
      icon: <PeopleAltOutlined />,
      link: { to: paths.agentsList.getHref(), label: 'View Agent List' },
    },
    {
      title: 'Total Clients',
      label: 'Across all agents',
      value: overview?.totalClients,
      icon: <GroupsOutlined />,
      tone: 'secondary',
    },
    {
      title: 'Pro Agents',
      label: 'On the Pro plan',
      value: overview?.proAgents,
      icon: <WorkspacePremiumOutlined />,
      tone: 'success',
    },
    {
      title: 'Avg Clients/Agent',
      label: 'Clients per agent',
      value: overview?.averageClientsPerAgent,
      format: (n) => n.toFixed(1),
      icon: <QueryStatsRounded />,
      tone: 'info',
    },
  ];

  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return <NotAuthorized />;

  const handleExport = async () => {
    try {
      await exportAll.trigger();
      toast({ title: 'Export successful', description: 'admin-export.zip is downloading.', variant: 'success' });
    } catch (failure) {
      const details = failure instanceof ApiError ? errorMessage(failure) : 'An unknown error occurred';
      toast({ title: 'Export failed', description: details, variant: 'destructive' });
    }
  };

  return (
    <PageLayout
      title="Admin Dashboard"
      description="The whole platform at a glance."
      actions={
        <>
          <LinkButton to={paths.adminSupport.getHref()} variant="outlined" startIcon={<SupportAgentOutlined />}>
            {paths.adminSupport.label}
          </LinkButton>
          <LinkButton to={paths.adminClients.getHref()} variant="outlined" startIcon={<ManageAccountsOutlined />}>
            Manage Client Data
          </LinkButton>
          <BusyButton
            variant="contained"
            startIcon={<DownloadRounded />}
            onClick={() => void handleExport()}
            busy={exportAll.isMutating}
            busyLabel="Exporting..."
          >
            Export Data
          </BusyButton>
        </>
      }
    >
      {error && !analytics ? (
        <LoadError onRetry={() => void mutate()} sx={{ mb: 3 }}>
          We couldn't load the analytics. {errorMessage(error)}
        </LoadError>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {stats.map((stat) => (
          <StatCard key={stat.title} {...stat} />
        ))}
      </Box>
      <AdminActivity analytics={analytics} />
      {analytics ? (
        <Typography variant="muted" sx={{ mt: 3 }}>
          Months follow the platform&apos;s reporting time zone ({analytics.timeZone}).
        </Typography>
      ) : null}
    </PageLayout>
  );
}
