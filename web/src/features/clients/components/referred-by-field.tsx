// The client form's "Referred by": another client of the agent, found by searching the book as the agent types
// (GET /api/clients?q=), the way the clients page searches. The form holds the client's id ('' for none); a save sends
// it only when it changed, and a cleared field as null.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import useSWR from 'swr';
import type { Client } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { clientPageKey, useClientPage } from '@/lib/clients';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { clientKey } from '../api/get-client';
import { SEARCH_DEBOUNCE_MS } from './use-client-list';

/** How many matches the field offers at once. */
const MATCHES_SHOWN = 8;

type Referrer = Pick<Client, 'id' | 'name' | 'email'>;
type ReferredByValues = { referredBy: string };

/** What a save sends for the field: nothing while it is as it was, the id, or null once cleared. */
export function referredByChange(value: string, initial: string): { referredBy?: string | null } {
  return value === initial ? {} : { referredBy: value || null };
}

/** The referrer the form opened with, read by id for their name (the form holds only the id). */
function useSavedReferrer(id: string, known: Referrer | null): Referrer | null {
  const { data, error } = useSWR<Client, Error>(id && known?.id !== id ? clientKey(id) : null, () =>
    api.get<Client>(clientKey(id)),
  );
  if (!id) return null;
  if (known?.id === id) return known;
  if (data) return data;
  return error ? { id, name: 'A client no longer in your book', email: '' } : null;
}

export function ReferredByField({ clientId }: { clientId?: string }) {
  const { values, setFieldValue } = useFormikContext<ReferredByValues>();
  const [picked, setPicked] = useState<Referrer | null>(null);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { page } = useClientPage(query ? clientPageKey({ limit: MATCHES_SHOWN, q: query }) : null);
  const value = useSavedReferrer(values.referredBy, picked);
  const settled = query === search.trim() && page !== undefined;
  const matches: Referrer[] = query ? (page?.clients ?? []).filter((client) => client.id !== clientId) : [];
  // The chosen referrer stays an option, as MUI's asynchronous search does, while another search runs.
  const options = value && !matches.some((match) => match.id === value.id) ? [value, ...matches] : matches;

  return (
    <Autocomplete<Referrer>
      options={options}
      value={value}
      onChange={(_event, referrer) => {
        setPicked(referrer);
        void setFieldValue('referredBy', referrer?.id ?? '');
      }}
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      filterOptions={(all) => all}
      getOptionLabel={(referrer) => referrer.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={
        !search.trim() ? 'Type a name to search your clients' : settled ? 'No client found' : 'Searching...'
      }
      renderOption={({ key, ...props }, referrer) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{referrer.name}</Typography>
          <Typography variant="muted" sx={{ overflowWrap: 'anywhere' }}>
            {referrer.email}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Referred by"
          helperText="Optional: the client who sent them to you"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off' },
          }}
        />
      )}
    />
  );
}
