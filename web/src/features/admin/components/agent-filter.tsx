// The agent filter of Manage Client Data: All Agents (with the total) or one agent (with their
// count). A searchable select, so it stays quick with thousands of agents.
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { AdminAgent } from '@shared/api-types';

export const ALL_AGENTS = 'all';

type Option = { id: string; label: string };

type AgentFilterProps = {
  agents: readonly AdminAgent[] | undefined;
  value: string;
  onChange: (agentId: string) => void;
};

const MATCH_LIMIT = 100;
const matchAgents = createFilterOptions<Option>({ limit: MATCH_LIMIT, stringify: (o) => o.label });

export function agentOptionLabel(agent: Pick<AdminAgent, 'username' | 'clientCount'>): string {
  return `${agent.username} (${agent.clientCount.toLocaleString('en-US')})`;
}

export function AgentFilter({ agents, value, onChange }: AgentFilterProps) {
  const options = useMemo<Option[]>(() => {
    const list = agents ?? [];
    const total = list.reduce((sum, a) => sum + a.clientCount, 0);
    const sorted = [...list].sort((a, b) => a.username.localeCompare(b.username));
    return [
      { id: ALL_AGENTS, label: `All Agents (${total.toLocaleString('en-US')})` },
      ...sorted.map((a) => ({ id: a.id, label: agentOptionLabel(a) })),
    ];
  }, [agents]);
  const selected = options.find((o) => o.id === value) ?? options[0]!;

  return (
    <Autocomplete<Option, false, true, false>
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      // All Agents stays first whatever is typed; agents match on their username.
      filterOptions={(all, state) => [all[0]!, ...matchAgents(all.slice(1), state)]}
      disableClearable
      loading={!agents}
      size="small"
      sx={{ flex: '1 1 260px', maxWidth: { md: 360 } }}
      renderInput={(params) => <TextField {...params} label="Agent" />}
    />
  );
}
