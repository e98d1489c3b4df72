// The client page's Home value card (Pro): the range the public price index gives for the client's home, the change
// since they bought and over the last year in their area, labelled for what it is, with how it is worked out and
// FHFA's attribution. Without an estimate it says what is missing (a ZIP code, a purchase date) or that the area has
// no index; a free account sees what Pro adds.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Client } from '@shared/api-types';
import type { HomeValue } from '@shared/home-value';
import { LoadError } from '@/components/ui/load-error';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useClientHomeValue } from '../api/get-client-home-value';
import { ProfileCard } from './client-profile';

export const HOME_VALUE_LABEL = 'An index-based estimate for your area, not an appraisal';
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const change = (pct: number) => `${pct >= 0 ? 'Up' : 'Down'} ${Math.abs(pct)}%`;

/** What the card says for each 422 code and for a free account. */
export const HOME_VALUE_MISSING: Record<string, string> = {
  NO_POSTAL_CODE: "Add the client's ZIP code to see an estimate of their home's value.",
  NO_PURCHASE_DATE: 'Add the purchase date to see how the home has gained since.',
  NO_INDEX_FOR_AREA: 'The public price index has no series for this ZIP code.',
  PURCHASE_BEFORE_SERIES: "The purchase is older than the index's series for this area.",
  PURCHASE_AFTER_SERIES: 'The purchase is more recent than the latest published quarter of the index.',
  PRO_REQUIRED:
    'Home values are part of Pro: show past clients what their home is worth, and send them a monthly update.',
};

function Estimate({ value }: { value: HomeValue }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {value.estimateLow !== null && value.estimateHigh !== null ? (
        <Typography component="p" variant="h3">
          {dollars.format(value.estimateLow)} – {dollars.format(value.estimateHigh)}
        </Typography>
      ) : (
        <Typography variant="muted">Add the purchase price to see a range in dollars.</Typography>
      )}
      <Typography>
        {change(value.changeSincePurchasePct)} since purchase ({value.geoUsed.label})
      </Typography>
      {value.yearChangePct !== null ? (
        <Typography>
          {change(value.yearChangePct)} over the last year in {value.geoUsed.label}
        </Typography>
      ) : null}
      <Typography variant="muted">{HOME_VALUE_LABEL}</Typography>
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer', color: 'primary.main', fontWeight: 600 }}>
          How we estimate this
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          The purchase price is rolled forward by the FHFA House Price Index of {value.geoUsed.label}, from the quarter
          of the purchase ({value.fromQuarter}) to the latest published ({value.vintage.through}). The range widens with
          the index&apos;s own ups and downs and the years since. It says nothing of this home&apos;s condition or
          changes: for a real number, a valuation is the way.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {value.attribution}
        </Typography>
      </Box>
    </Box>
  );
}

export function HomeValueCard({ client }: { client: Client }) {
  const { homeValue, error, retry } = useClientHomeValue(client.id);
  const code = error instanceof ApiError ? error.code : undefined;
  return (
    <ProfileCard title="Home value">
      {homeValue ? (
        <Estimate value={homeValue} />
      ) : code && HOME_VALUE_MISSING[code] ? (
        <Typography>{HOME_VALUE_MISSING[code]}</Typography>
      ) : error ? (
        <LoadError onRetry={retry}>The home value could not be loaded. {errorMessage(error)}</LoadError>
      ) : (
        <Box role="status" aria-busy="true" aria-label="Loading the home value">
          <Skeleton variant="rounded" height={96} />
        </Box>
      )}
    </ProfileCard>
  );
}
