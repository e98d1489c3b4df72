// The searchable realtor dropdown of /find-realtor: searches the server as the visitor types (3
// characters at least), each entry the realtor's name with their business name and location (the
// directory never shows a login e-mail). The field shows at once (the page is prerendered) while
// the first answer says whether any realtor is listed at all.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PublicAgent } from '@shared/api-types';
import { AGENT_SEARCH_MIN_CHARS, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAgentSearch } from '../api/search-agents';
import { businessLine } from '../selected-agent';

export const SEARCH_DEBOUNCE_MS = 250;
export const NO_REALTOR_FOUND = 'No realtor found with that email.';
export const NO_REALTORS_AVAILABLE = 'No realtors are currently available';

type RealtorPickerProps = {
  onSelect: (agent: PublicAgent) => void;
};

export function RealtorPicker({ onSelect }: RealtorPickerProps) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const { result, error, isLoading } = useAgentSearch(query);
  const tooShort = input.trim().length < AGENT_SEARCH_MIN_CHARS;
  const settled = query === input && !isLoading;

  if (result && !result.available) {
    return (
      <Typography variant="lead" role="status" sx={{ textAlign: 'center', py: 2 }}>
        {NO_REALTORS_AVAILABLE}
      </Typography>
    );
  }

  const options = tooShort ? [] : (result?.agents ?? []);
  const noOptionsText = tooShort ? REGISTRATION_MESSAGES.searchTooShort : settled ? NO_REALTOR_FOUND : 'Searching...';

  return (
    <Box>
      <Autocomplete<PublicAgent>
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(agent) => agent.fullName}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        onChange={(_event, agent) => {
          if (agent) onSelect(agent);
        }}
        loading={!tooShort && !settled}
        loadingText="Searching..."
        noOptionsText={noOptionsText}
        autoHighlight
        renderOption={({ key, ...props }, agent) => (
          <Box component="li" key={key} {...props} sx={{ display: 'block !important', py: 1.25 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{agent.fullName}</Typography>
            {businessLine(agent) ? <Typography variant="muted">{businessLine(agent)}</Typography> : null}
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Realtor's name, business or email"
            placeholder="Type realtor's email to search..."
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, inputMode: 'text', autoComplete: 'off' },
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {!tooShort && !settled ? <CircularProgress aria-label="Searching" size={18} /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
    </Box>
  );
}
