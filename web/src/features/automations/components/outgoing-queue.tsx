// The Today queue: the messages automations wrote that wait for the agent's approval or are
// scheduled, soonest first, with "Approve all" when more than one waits; an empty day points to the
// Automations page.
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import { SpreadRow } from '@/components/ui/spread-row';
import { PlainList } from '@/components/ui/plain-list';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { LinkButton } from '@/components/ui/link-button';
import { useOutgoing } from '../api/get-outgoing';
import { useApproveAll, type ApproveAllResult } from '../api/outgoing-actions';
import { OutgoingCard } from './outgoing-card';
import type { OnEmail } from './today-item-actions';

export const NOTHING_WAITS = 'Nothing waits for you today';

type Failure = { message: OutgoingMessage; problem: string };

type OutgoingQueueProps = {
  /** Opens the composer for a client (each card's E-mail). */
  onEmail?: OnEmail;
};

export function OutgoingQueue({ onEmail }: OutgoingQueueProps = {}) {
  const { outgoing, error, retry } = useOutgoing({ fresh: true });
  const approvingAll = useApproveAll();
  const [failures, setFailures] = useState<Failure[]>([]);
  const { toast } = useToast();

  if (!outgoing) {
    return error ? (
      <LoadError onRetry={retry}>We couldn&apos;t load today&apos;s messages. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading today's messages" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} variant="rounded" height={200} />
        ))}
      </Box>
    );
  }

  const { messages } = outgoing;
  if (messages.length === 0) {
    return (
      <Card>
        <EmptyPanel
          icon={<InboxOutlined fontSize="large" />}
          title={NOTHING_WAITS}
          actions={
            <LinkButton to={paths.automations.getHref()} variant="contained">
              Go to Automations
            </LinkButton>
          }
        >
          When an automation is on, the messages Hearthside writes on the morning of a client&apos;s birthday or
          anniversary appear here for you to approve.
        </EmptyPanel>
      </Card>
    );
  }

  const awaiting = messages.filter((message) => message.status === 'awaiting-approval');

  const approveEverything = async () => {
    setFailures([]);
    const results = await approvingAll.trigger(awaiting);
    const report = summarize(results);
    setFailures(report.failures);
    if (report.title) {
      toast({
        title: report.title,
        description: report.failures.length
          ? `${countText(report.failures.length, 'message was', 'messages were')} not sent: see why above the list.`
          : undefined,
        variant: 'success',
      });
    } else {
      toast({ title: 'Nothing was sent', description: 'See why above the list.', variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SpreadRow>
        <Typography variant="lead">
          {awaiting.length
            ? `${countText(awaiting.length, 'message waits', 'messages wait')} for your approval.`
            : 'Nothing waits for your approval. Scheduled messages go out at their time unless you stop them.'}
        </Typography>
        {awaiting.length > 1 ? (
          <Button
            variant="contained"
            startIcon={<DoneAllRounded />}
            onClick={() => void approveEverything()}
            disabled={approvingAll.isMutating}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {approvingAll.isMutating ? 'Approving...' : 'Approve all'}
          </Button>
        ) : null}
      </SpreadRow>
      {failures.length ? (
        <Alert severity="warning" onClose={() => setFailures([])}>
          <AlertTitle>{countText(failures.length, 'message was', 'messages were')} not sent</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {failures.map(({ message, problem }) => (
              <li key={message.id}>
                {message.clientName}: {problem}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <PlainList
        gap={2}

        aria-label="Messages for today"
      >
        {messages.map((message) => (
          <li key={message.id}>
            <OutgoingCard message={message} locked={approvingAll.isMutating} onEmail={onEmail} />
          </li>
        ))}
      </PlainList>
    </Box>
  );
}

/** "Approve all"'s report: how many were sent and scheduled (null when none), and why the others were not. */
function summarize(results: ApproveAllResult): { title: string | null; failures: Failure[] } {
  let sent = 0;
  let scheduled = 0;
  const failures: Failure[] = [];
  for (const result of results) {
    if ('problem' in result) failures.push(result);
    else if (result.action.status === 'sent') sent += 1;
    else if (result.action.status === 'scheduled') scheduled += 1;
    else failures.push({ message: result.message, problem: result.action.message.problem ?? 'It was skipped.' });
  }
  const parts = [
    sent ? `${countText(sent, 'message', 'messages')} sent` : null,
    scheduled ? `${scheduled} scheduled` : null,
  ].filter(Boolean);
  return { title: parts.length ? parts.join(', ') : null, failures };
}
