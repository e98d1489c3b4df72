// The Today queue: the messages automations and broadcasts wrote that wait for the agent's approval or are
// scheduled, soonest first, with "Approve all" when more than one waits (the server's approve-all: what went, what
// waits for its time or for later days, and why, stay above the list); an empty day points to the Automations page.
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
import { SpreadRow } from '@/components/ui/spread-row';
import { PlainList } from '@/components/ui/plain-list';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { approvalReport, type ApprovalReport } from '@/lib/approve-all';
import { countText } from '@/lib/count-text';
import { useOutgoing } from '../api/get-outgoing';
import { useApproveAll } from '../api/outgoing-actions';
import { OutgoingCard } from './outgoing-card';
import type { OnEmail } from './today-item-actions';

export const NOTHING_WAITS = 'Nothing waits for you today';

type OutgoingQueueProps = {
  /** Opens the composer for a client (each card's E-mail). */
  onEmail?: OnEmail;
};

export function OutgoingQueue({ onEmail }: OutgoingQueueProps = {}) {
  const { outgoing, error, retry } = useOutgoing({ fresh: true });
  const approvingAll = useApproveAll();
  // What the last "Approve all" did, kept above the list (the queue it read may be empty now).
  const [report, setReport] = useState<ApprovalReport | null>(null);
  const { toast } = useToast();
  const reportAlert = report ? <ApprovalReportAlert report={report} onClose={() => setReport(null)} /> : null;

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
    const empty = (
      <Card>
        <EmptyPanel
          icon={<InboxOutlined fontSize="large" />}
          title={NOTHING_WAITS}
          link={{ label: 'Go to Automations', to: paths.automations.getHref() }}
        >
          When an automation is on, the messages Hearthside writes on the morning of a client&apos;s birthday or
          anniversary appear here for you to approve.
        </EmptyPanel>
      </Card>
    );
    return reportAlert ? (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {reportAlert}
        {empty}
      </Box>
    ) : (
      empty
    );
  }

  const awaiting = messages.filter((message) => message.status === 'awaiting-approval');

  const approveEverything = async () => {
    setReport(null);
    try {
      const done = approvalReport(await approvingAll.trigger());
      // Every message went: a toast says so; otherwise the report stays above the list with the reasons.
      if (done.tone === 'success') toast({ title: done.title, variant: 'success' });
      else setReport(done);
    } catch (error) {
      toast({ title: 'Nothing was approved', description: errorMessage(error), variant: 'destructive' });
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
      {reportAlert}
      <PlainList gap={2} aria-label="Messages for today">
        {messages.map((message) => (
          <li key={message.id}>
            <OutgoingCard message={message} locked={approvingAll.isMutating} onEmail={onEmail} />
          </li>
        ))}
      </PlainList>
    </Box>
  );
}

/** What "Approve all" did when not every message went: the counts, then why. */
function ApprovalReportAlert({ report, onClose }: { report: ApprovalReport; onClose: () => void }) {
  return (
    <Alert severity={report.tone} role="status" onClose={onClose}>
      <AlertTitle>{report.title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {report.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Box>
    </Alert>
  );
}
