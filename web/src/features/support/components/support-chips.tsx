// A support request's status (Open in amber, Closed in grey) and, for a Pro agent's request, the
// Pro chip that says it is answered first.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import type { SupportStatus } from '@shared/api-types';

const STATUS = {
  open: { label: 'Open', Icon: MarkEmailUnreadOutlined },
  closed: { label: 'Closed', Icon: CheckCircleOutlineRounded },
} as const;

export function SupportStatusChip({ status }: { status: SupportStatus }) {
  const { label, Icon } = STATUS[status];
  return (
    <Chip
      size="small"
      label={label}
      icon={<Icon aria-hidden="true" />}
      data-status={status}
      sx={(theme) => {
        const open = status === 'open';
        return {
          fontWeight: 600,
          color: open ? theme.palette.warning.dark : theme.palette.text.secondary,
          bgcolor: open ? theme.palette.warning.light : theme.palette.grey[100],
          border: `1px solid ${open ? alpha(theme.palette.warning.main, 0.25) : theme.palette.divider}`,
          '& .MuiChip-icon': { color: 'inherit', fontSize: 16 },
        };
      }}
    />
  );
}

export function ProChip() {
  return (
    <Chip
      size="small"
      label="Pro"
      icon={<WorkspacePremiumRounded aria-hidden="true" />}
      color="secondary"
      sx={{ fontWeight: 700, '& .MuiChip-icon': { fontSize: 16 } }}
    />
  );
}
