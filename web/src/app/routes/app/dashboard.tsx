// / : the agent's day at a glance: clients, reviews, the location's Google rating, what is coming up and the last
// months' activity, all from one read (GET /api/dashboard) whose cost does not grow with the book. Before the first
// client, what to do first comes above the reminders and the chart, which stay (empty) as the specification has them.
import AddRounded from '@mui/icons-material/AddRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { googleRatingLine, RatingStars } from '@/components/ui/google-rating';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useDashboard } from '@/lib/dashboard';
import { FirstClientCard } from '@/features/dashboard/components/first-client-card';
import { MonthlyActivityCard } from '@/features/dashboard/components/monthly-activity-card';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useReminderMessages } from '@/features/messages/components/reminder-messages';
import { UpcomingRemindersCard } from '@/features/reminders/components/upcoming-reminders-card';
import { errorMessage } from '@/lib/api-client';
import { LinkButton } from '@/components/ui/link-button';

const addClientHref = `${paths.clients.getHref()}?action=add`;
const importClientsHref = `${paths.clients.getHref()}?action=import`;

export function DashboardRoute() {
  const { user } = useUser();
  const { dashboard, error, retry } = useDashboard();
  // "Send a message" on a reminder opens the composer on its client: the API sends those clients along.
  const { renderAction, composer } = useReminderMessages(dashboard?.upcomingClients);

  const count = dashboard?.clients;
  const noClients = count === 0;
  const rating = dashboard?.googleRating;

  return (
    <PageLayout
      title={paths.home.label}
      heading={user ? `Welcome, ${user.fullName}` : 'Welcome'}
      description="Here's what is happening with your clients."
      actions={
        noClients ? null : (
          <LinkButton to={addClientHref} variant="contained" startIcon={<AddRounded />}>
            Add Client
          </LinkButton>
        )
      }
    >
      {error && !dashboard ? (
        <LoadError onRetry={retry} sx={{ mb: 3 }}>
          We couldn't load your clients. {errorMessage(error)}
        </LoadError>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(12, minmax(0, 1fr))' } }}>
        <Box sx={{ gridColumn: { md: 'span 4' } }}>
          <StatCard
            title="Active Clients"
            label={
              user?.isPro
                ? 'Pro plan · unlimited clients'
                : `${Math.min(count ?? 0, FREE_CLIENT_LIMIT)} of ${FREE_CLIENT_LIMIT} on the free plan`
            }
            value={count}
            icon={<GroupsOutlined />}
            link={{ to: paths.clients.getHref(), label: 'Manage clients' }}
          />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 4' } }}>
          <StatCard
            title="Reviews & Engagements"
            label="Total Client Reviews"
            value={dashboard?.reviews}
            icon={<RateReviewOutlined />}
            tone="secondary"
            footer={
              <Typography variant="muted" sx={{ py: 0.5 }}>
                {dashboard === undefined
                  ? '\u00a0'
                  : dashboard.reviewsAwaiting > 0
                    ? `${dashboard.reviewsAwaiting} review ${dashboard.reviewsAwaiting === 1 ? 'request' : 'requests'} awaiting a reply`
                    : 'No review requests awaiting a reply'}
              </Typography>
            }
          />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 4' } }}>
          <StatCard
            title="Google Rating"
            label={dashboard === undefined ? '\u00a0' : googleRatingLine(rating ?? null)}
            value={dashboard === undefined ? undefined : (rating?.averageRating ?? null)}
            format={(value) => value.toFixed(1)}
            emptyValue={rating ? 'Not read yet' : 'Not connected'}
            adornment={rating?.averageRating != null ? <RatingStars value={rating.averageRating} /> : null}
            icon={<StarOutlineRounded />}
            tone="info"
            link={{ to: paths.reviews.getHref(), label: rating ? 'See your reviews' : 'Connect Google' }}
          />
        </Box>
        {noClients ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FirstClientCard addHref={addClientHref} importHref={importClientsHref} />
          </Box>
        ) : null}
        <Box sx={{ gridColumn: { md: 'span 5' } }}>
          <UpcomingRemindersCard events={dashboard?.upcoming} today={dashboard?.today} renderAction={renderAction} />
        </Box>
        <Box sx={{ gridColumn: { md: 'span 7' } }}>
          <MonthlyActivityCard activity={dashboard?.activity} />
        </Box>
      </Box>
      {composer}
    </PageLayout>
  );
}
