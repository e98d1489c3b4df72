// The inbox's header card: the location followed (or the choice of one), its rating and number of reviews, when it
// was last read from Google, "Sync now" and "Disconnect".
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GoogleConnection, ReviewInbox } from '@shared/api-types';
import { useId } from 'react';
import { CardHeading } from '@/components/ui/card-heading';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChooseLocation, useDisconnectGoogle, useSyncReviews } from '../api/google-connection';

type ReviewSummaryProps = {
  connection: GoogleConnection;
  summary: ReviewInbox['summary'] | undefined;
};

export function ReviewSummary({ connection, summary }: ReviewSummaryProps) {
  const headingId = useId();
  const { toast } = useToast();
  const sync = useSyncReviews();
  const choose = useChooseLocation();
  const disconnect = useDisconnectGoogle();
  const run = async (action: () => Promise<unknown>, success?: (result: unknown) => string) => {
    try {
      const result = await action();
      if (success) toast({ title: success(result), variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const rating = summary?.averageRating;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <CardHeading
          id={headingId}
          icon={<StarRounded />}
          title={connection.locations.find((l) => l.name === connection.locationName)?.title ?? 'Choose a location'}
          subtitle={`Connected as ${connection.accountName ?? 'your Google account'}`}
        />
        {connection.locationName ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'baseline' }}>
            <Typography>
              <Box component="strong" sx={{ fontSize: '1.5rem' }}>
                {rating != null ? rating.toFixed(1) : '—'}
              </Box>{' '}
              average rating
            </Typography>
            <Typography>
              <Box component="strong" sx={{ fontSize: '1.5rem' }}>
                {summary?.totalReviewCount ?? '—'}
              </Box>{' '}
              reviews on Google
            </Typography>
            <Typography variant="muted">
              {summary?.lastSyncAt
                ? `Last read from Google ${new Date(summary.lastSyncAt).toLocaleString()}`
                : 'Not read from Google yet'}
            </Typography>
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Location"
            value={connection.locationName ?? ''}
            sx={{ minWidth: 240 }}
            onChange={(event) => void run(() => choose.trigger(event.target.value))}
          >
            {connection.locations.map((location) => (
              <MenuItem key={location.name} value={location.name}>
                {location.title}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!connection.locationName || sync.isMutating}
            onClick={() =>
              void run(
                () => sync.trigger(),
                (result) => {
                  const { added, updated } = result as { added: number; updated: number };
                  return `Synced: ${added} new, ${updated} updated`;
                },
              )
            }
          >
            {sync.isMutating ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button color="error" disabled={disconnect.isMutating} onClick={() => void run(() => disconnect.trigger())}>
            Disconnect Google
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
