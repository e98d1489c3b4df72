// A client's review status: Pending in yellow, Requested in blue, Submitted in green.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import type { ReviewStatus } from '@shared/api-types';

const STATUS = {
  pending: { label: 'Pending', color: 'warning', Icon: ScheduleRounded },
  requested: { label: 'Requested', color: 'info', Icon: SendRounded },
  submitted: { label: 'Submitted', color: 'success', Icon: CheckCircleRounded },
} as const;

export const reviewStatusLabel = (status: ReviewStatus): string => STATUS[status].label;

type ReviewStatusChipProps = {
  status: ReviewStatus;
  size?: 'small' | 'medium';
};

export function ReviewStatusChip({ status, size = 'small' }: ReviewStatusChipProps) {
  const { label, color, Icon } = STATUS[status] ?? STATUS.pending;
  return (
    <Chip
      size={size}
      label={label}
      icon={<Icon aria-hidden="true" />}
      data-status={status}
      sx={(theme) => ({
        fontWeight: 600,
        color: theme.palette[color].dark,
        bgcolor: theme.palette[color].light,
        border: `1px solid ${alpha(theme.palette[color].main, 0.25)}`,
        '& .MuiChip-icon': { color: theme.palette[color].main, fontSize: size === 'small' ? 16 : 18 },
      })}
    />
  );
}
