// Today's first card, the next best touches: whom to contact today, why, and how, best first. Each row leaves the list
// once the agent has decided on it. A free account sees the first few, with the way to Pro for the whole list and the
// drafts.
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { NextBestList } from '@shared/next-best';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { useNextBest } from '../api/get-next-best';
import { NOBODY_TODAY } from '../next-best-text';
import { NextBestRow, type OnEmail, type OnWrite } from './next-best-row';
import { useNextBestActions } from './use-next-best-actions';

// The rhythm form (text fields, Formik) loads when a suggestion is dismissed as "Wrong rhythm", not with Today.
const RhythmDialog = lazy(() => import('./rhythm-dialog').then((m) => ({ default: m.RhythmDialog })));

export const NEXT_BEST_TITLE = 'Who to contact today';

type NextBestCardProps = { onEmail: OnEmail; onWrite: OnWrite };

export function NextBestCard({ onEmail, onWrite }: NextBestCardProps) {
  const { list, error, retry } = useNextBest();
  const emptyId = useId();
  const actions = useNextBestActions(() => document.getElementById(emptyId));
  const [rhythmAsked, setRhythmAsked] = useState(false);
  if (actions.rhythmFor && !rhythmAsked) setRhythmAsked(true);

  let body;
  if (!list) {
    body = error ? (
      <LoadError onRetry={retry}>We couldn&apos;t load whom to contact today. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading whom to contact today" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={96} />
        ))}
      </Box>
    );
  } else if (list.items.length === 0) {
    body = (
      <Typography id={emptyId} variant="lead" tabIndex={-1}>
        {NOBODY_TODAY}
      </Typography>
    );
  } else {
    body = (
      <PlainList
        ref={actions.listRef}
        aria-label="Clients to contact today"
        sx={{ my: -2, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {list.items.map((item) => (
          <NextBestRow key={item.clientId} item={item} actions={actions} onEmail={onEmail} onWrite={onWrite} />
        ))}
      </PlainList>
    );
  }

  return (
    <SectionCard
      icon={<TipsAndUpdatesOutlined />}
      title={NEXT_BEST_TITLE}
      subtitle="The clients a touch from you matters most to today, and why."
    >
      {body}
      {list?.limited ? <FreePlanLine list={list} /> : null}
      {rhythmAsked ? (
        <Suspense fallback={null}>
          <RhythmDialog item={actions.rhythmFor} onClose={actions.closeRhythm} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}

/** Under a list the free plan cut: how many there are, and the way to Pro. */
function FreePlanLine({ list }: { list: NextBestList }) {
  return (
    <Typography variant="muted">
      You see {list.items.length} of {countText(list.total, 'client', 'clients')} on today&apos;s list.{' '}
      <Link component={RouterLink} to={paths.settings.getHref()}>
        Upgrade to Pro
      </Link>{' '}
      to see the whole list and have Hearthside write each message for you.
    </Typography>
  );
}
