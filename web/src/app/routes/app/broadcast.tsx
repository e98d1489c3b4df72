// /broadcasts/:id: one broadcast, deep-linkable: what it is, its drafting while the job runs, what became of each
// message, who was skipped and why, the last day one goes out, and Approve all while some wait.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { BackButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useBroadcast } from '@/features/broadcasts/api/broadcasts';
import { BroadcastStatus } from '@/features/broadcasts/components/broadcast-status-card';
import { broadcastStarted, broadcastTitle } from '@/features/broadcasts/utils/broadcast-text';

const backToBroadcasts = <BackButton to={paths.broadcasts.getHref()}>All broadcasts</BackButton>;

export function BroadcastRoute() {
  const id = useParams().id ?? '';
  const { data: broadcast, error, mutate } = useBroadcast(id);
  const headingId = useId();

  if (broadcast) {
    return (
      <PageLayout
        title={broadcastTitle(broadcast)}
        description={broadcastStarted(broadcast)}
        actions={backToBroadcasts}
      >
        <Card component="section" aria-labelledby={headingId}>
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography id={headingId} component="h2" variant="h3">
              Where it stands
            </Typography>
            <BroadcastStatus broadcast={broadcast} />
          </CardContent>
        </Card>
      </PageLayout>
    );
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <PageLayout title="Broadcast not found" heading="Broadcast" actions={backToBroadcasts}>
        <Card>
          <EmptyPanel
            icon={<CampaignOutlined fontSize="large" />}
            title="Broadcast not found"
            link={{ label: 'See your broadcasts', to: paths.broadcasts.getHref() }}
          >
            This broadcast is not one of yours, or the link is wrong.
          </EmptyPanel>
        </Card>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Broadcast" actions={backToBroadcasts}>
      {error ? (
        <LoadError onRetry={() => void mutate()}>
          This broadcast could not be loaded right now. {errorMessage(error)}
        </LoadError>
      ) : (
        <Box role="status" aria-busy="true" aria-label="Loading the broadcast">
          <Skeleton variant="rounded" height={220} />
        </Box>
      )}
    </PageLayout>
  );
}
