// /admin: platform analytics for administrators: totals, the test SMS, monthly charts and the agents;
// the way to the support requests, client data and the export.
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { useExportAllData } from '@/features/admin/api/export-all-data';
import { useAdminAnalytics } from '@/features/admin/api/get-admin-analytics';
import { ActivityChartCard } from '@/features/admin/components/activity-chart-card';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { AgentDetailsTable } from '@/features/admin/components/agent-details-table';
import { NotAuthorized } from '@/features/admin/components/not-authorized';
import { TestSmsCard } from '@/features/admin/components/test-sms-card';
import { clientsAtMonthEnd } from '@/features/admin/utils/client-growth';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { ApiError, errorMessage } from '@/lib/api-client';

export function AdminRoute() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}

function AdminDashboard() {
  const theme = useTheme();
  const { toast } = useToast();
  const { analytics, error, mutate } = useAdminAnalytics();
  const exportAll = useExportAllData();
  const overview = analytics?.overview;
  const growth = useMemo(
    () => (analytics ? clientsAtMonthEnd(analytics.clientGrowth, analytics.overview.totalClients) : undefined),
    [analytics],
  );

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
          <Button
            component={RouterLink}
            to={paths.adminSupport.getHref()}
            variant="outlined"
            startIcon={<SupportAgentOutlined />}
          >
            {paths.adminSupport.label}
          </Button>
          <Button
            component={RouterLink}
            to={paths.adminClients.getHref()}
            variant="outlined"
            startIcon={<ManageAccountsOutlined />}
          >
            Manage Client Data
          </Button>
          <Button
            variant="contained"
            startIcon={<DownloadRounded />}
            onClick={() => void handleExport()}
            disabled={exportAll.isMutating}
          >
            {exportAll.isMutating ? 'Exporting...' : 'Export Data'}
          </Button>
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
        <StatCard
          title="Total Agents"
          label="Agents on the platform"
          value={overview?.totalAgents}
          icon={<PeopleAltOutlined />}
          footer={
            <Button
              component={RouterLink}
              to={paths.agentsList.getHref()}
              size="small"
              endIcon={<ArrowForwardRounded />}
              sx={{ ml: -1 }}
            >
              View Agent List
            </Button>
          }
        />
        <StatCard
          title="Total Clients"
          label="Across all agents"
          value={overview?.totalClients}
          icon={<GroupsOutlined />}
          tone="secondary"
        />
        <StatCard
          title="Pro Agents"
          label="On the Pro plan"
          value={overview?.proAgents}
          icon={<WorkspacePremiumOutlined />}
          tone="success"
        />
        <StatCard
          title="Avg Clients/Agent"
          label="Clients per agent"
          value={overview?.averageClientsPerAgent}
          format={(n) => n.toFixed(1)}
          icon={<QueryStatsRounded />}
          tone="info"
        />
      </Box>
      <Box
        sx={{ mt: 3, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(12, minmax(0, 1fr))' } }}
      >
        <Box sx={{ gridColumn: { md: 'span 5' } }}>
          <TestSmsCard />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 7' } }}>
          <ActivityChartCard
            title="Monthly Activity"
            description="New clients each month, last 12 months"
            seriesLabel="New clients"
            points={analytics?.clientGrowth}
            color={theme.palette.primary.main}
          />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 6' } }}>
          <ActivityChartCard
            title="Reviews Over Time"
            description="Reviews submitted each month"
            seriesLabel="Reviews"
            points={analytics?.reviewsOverTime}
            color={theme.palette.success.main}
          />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 6' } }}>
          <ActivityChartCard
            title="Reminders Provided"
            description="Reminders sent to agents each month"
            seriesLabel="Reminders"
            points={analytics?.remindersOverTime}
            color={theme.palette.secondary.main}
          />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 5' } }}>
          <AgentDetailsTable agents={analytics?.agentDetails} />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 7' } }}>
          <ActivityChartCard
            title="Client Growth"
            description="Total clients at the end of each month"
            seriesLabel="Total clients"
            points={growth}
            color={theme.palette.info.main}
            height={300}
          />
        </Box>
      </Box>
    </PageLayout>
  );
}
