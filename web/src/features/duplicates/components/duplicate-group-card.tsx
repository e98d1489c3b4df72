// One group of likely duplicates, side by side: each client a column (their name a link to their page), each field a
// row, the rows that differ marked; the agent picks the client to keep and merges each other one into it.
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Client, DuplicateReason } from '@shared/api-types';
import { ClientLink } from '@/components/ui/client-link';
import { SectionCard } from '@/components/ui/section-card';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden';
import { clientLabels, compareClients, REASON_LABELS } from '../utils/compare-clients';

type DuplicateGroupCardProps = {
  reason: DuplicateReason;
  /** The group's clients, oldest first (the first is kept unless the agent picks another). */
  clients: readonly Client[];
  onMerge: (keep: Client, merge: Client) => void;
};

export function DuplicateGroupCard({ reason, clients, onMerge }: DuplicateGroupCardProps) {
  const [keepId, setKeepId] = useState(clients[0]?.id);
  const radioName = useId();
  const kept = clients.find((client) => client.id === keepId) ?? clients[0]!;
  const rows = compareClients(clients);

  return (
    <SectionCard
      icon={<PeopleAltOutlined />}
      title={REASON_LABELS[reason]}
      subtitle={`${clients.length} clients · the differences are marked`}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          sx={{
            minWidth: { xs: clients.length * 110 + 80, sm: clients.length * 150 + 110 },
            '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="td" sx={{ width: { xs: 80, sm: 110 } }} />
              {clients.map((client) => (
                <TableCell key={client.id} scope="col" sx={{ verticalAlign: 'top' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    <ClientLink id={client.id} name={client.name} />
                  </Typography>
                  <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', ml: -1 }}>
                    <Radio
                      size="small"
                      name={radioName}
                      checked={client.id === kept.id}
                      onChange={() => setKeepId(client.id)}
                      slotProps={{ input: { 'aria-label': `Keep ${client.name} (${client.email})` } }}
                    />
                    <Typography variant="body2" aria-hidden>
                      Keep
                    </Typography>
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field} sx={row.differs ? { bgcolor: 'action.hover' } : undefined}>
                <TableCell component="th" scope="row" sx={{ fontWeight: row.differs ? 700 : 400 }}>
                  {row.label}
                  {row.differs ? <Box sx={VISUALLY_HIDDEN}> (differs)</Box> : null}
                </TableCell>
                {row.values.map((value, index) => (
                  <TableCell
                    key={clients[index]!.id}
                    sx={{ overflowWrap: 'anywhere', fontWeight: row.differs ? 600 : 400 }}
                  >
                    {value}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {clients
          .filter((client) => client.id !== kept.id)
          .map((client) => (
            <Button key={client.id} variant="contained" onClick={() => onMerge(kept, client)}>
              Merge {clientLabels(client, kept).merged} into {clientLabels(client, kept).kept}
            </Button>
          ))}
      </Stack>
    </SectionCard>
  );
}
