// The client's tags in the edit form: type a tag and press Enter (or pick one the agent already uses); each change is
// saved at once (PATCH /api/clients/{id} { tags }), apart from the form's other fields.
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Client } from '@shared/api-types';
import { TAG_MAX_LENGTH, TAGS_PER_CLIENT_MAX, uniqueTags } from '@shared/tags';
import { useSWRConfig } from 'swr';
import { api, errorMessage } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import { useTags } from '../api/bulk-actions';

export function ClientTagsField({ client }: { client: Client }) {
  const known = useTags();
  const { mutate } = useSWRConfig();
  const [tags, setTags] = useState<string[]>(client.tags);
  const [error, setError] = useState<string>();

  const handleChange = async (next: string[]) => {
    const cleaned = uniqueTags(next.filter((tag) => tag.trim().length > 0 && tag.trim().length <= TAG_MAX_LENGTH));
    const before = tags;
    setTags(cleaned);
    setError(undefined);
    try {
      await api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(client.id)}`, { tags: cleaned });
      await Promise.all([revalidateClientReads(mutate), known.mutate()]);
    } catch (failure) {
      setTags(before);
      setError(errorMessage(failure));
    }
  };

  return (
    <Autocomplete
      multiple
      freeSolo
      options={(known.data?.tags ?? []).map((tag) => tag.name)}
      value={tags}
      onChange={(_event, next) => void handleChange(next)}
      renderValue={(value, getItemProps) =>
        value.map((tag, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={tag} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          error={error !== undefined}
          helperText={error ?? `Press Enter to add a tag (at most ${TAGS_PER_CLIENT_MAX}); saved at once.`}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TAG_MAX_LENGTH } }}
        />
      )}
    />
  );
}
