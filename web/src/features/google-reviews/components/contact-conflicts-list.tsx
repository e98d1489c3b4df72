// The contacts both the agent and Google changed since the last sync, in Settings' Google card: for each client and
// field, Google's value and Hearthside's (the one the client kept), and a button to keep each. Resolving one reads the
// list and the contacts' status again; a conflict gone or changed again meanwhile is said in a toast.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ContactConflictView } from '@shared/api-types';
import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { ProgressLine } from '@/components/ui/spinner';
import { SpreadRow } from '@/components/ui/spread-row';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useContactConflicts, useResolveConflict, type ConflictChoice } from '../api/contact-conflicts';
import { conflictFieldName, conflictValue } from '../utils/sync-text';

export function ContactConflictsList() {
  const headingId = useId();
  const { conflicts, error, retry } = useContactConflicts(true);
  const resolve = useResolveConflict();
  const act = useToastedAction();

  if (error) return <LoadError onRetry={retry}>The contacts changed on both sides could not be loaded.</LoadError>;
  if (!conflicts) return <ProgressLine>Loading the contacts changed on both sides…</ProgressLine>;
  if (conflicts.length === 0) return null;

  const handleKeep = (conflict: ContactConflictView, keep: ConflictChoice['keep']) =>
    void act(() => resolve.trigger({ clientId: conflict.clientId, field: conflict.field, keep }), {
      done: () => ({
        title: `Kept ${keep === 'google' ? "Google's" : "Hearthside's"} ${conflictFieldName(conflict.field)}`,
        description: `${conflict.clientName} now has the same ${conflictFieldName(conflict.field)} in both places.`,
      }),
      failureTitle: 'The conflict was not resolved',
    });

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} component="h4" variant="subtitle2" sx={{ fontWeight: 650 }}>
        Changed on both sides
      </Typography>
      <Typography variant="muted">
        You and Google both changed these since the last sync. Each client keeps yours until you choose.
      </Typography>
      <PlainList gap={1.5}>
        {conflicts.map((conflict) => (
          <ConflictRow
            key={`${conflict.clientId}:${conflict.field}`}
            conflict={conflict}
            busy={resolve.isMutating}
            onKeep={(keep) => handleKeep(conflict, keep)}
          />
        ))}
      </PlainList>
    </Box>
  );
}

type ConflictRowProps = {
  conflict: ContactConflictView;
  busy: boolean;
  onKeep: (keep: ConflictChoice['keep']) => void;
};

/** The agent's two answers to a conflict: Google's value, or the one Hearthside has. */
const KEEP_CHOICES: ReadonlyArray<{ keep: ConflictChoice['keep']; side: string }> = [
  { keep: 'google', side: 'Google' },
  { keep: 'hearthside', side: 'Hearthside' },
];

function ConflictRow({ conflict, busy, onKeep }: ConflictRowProps) {
  const field = conflictFieldName(conflict.field);
  return (
    <SpreadRow component="li" gap={1} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}>
      {/* "Ana Ruiz — phone: Google has …, Hearthside has …", a phone number kept on one line. */}
      <Typography variant="body2" sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {conflict.clientName}
        </Box>{' '}
        — {field}: Google has <Value field={conflict.field}>{conflictValue(conflict.google)}</Value>, Hearthside has{' '}
        <Value field={conflict.field}>{conflictValue(conflict.hearthside)}</Value>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {KEEP_CHOICES.map(({ keep, side }) => (
          <Button
            key={keep}
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => onKeep(keep)}
            aria-label={`Keep ${side}'s ${field} for ${conflict.clientName}`}
          >
            Keep {side}&apos;s
          </Button>
        ))}
      </Box>
    </SpreadRow>
  );
}

/** A phone number is never broken at its hyphens; a long e-mail address may wrap anywhere to fit a phone. */
function Value({ field, children }: { field: ContactConflictView['field']; children: string }) {
  return (
    <Box component="span" sx={field === 'phone' ? { whiteSpace: 'nowrap' } : undefined}>
      {children}
    </Box>
  );
}
