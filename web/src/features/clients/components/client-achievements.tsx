// The client's achievements (GET /api/clients/{id}/milestones): the specification's badges, each with its description
// and the day it was achieved ("Achieved on …"), told in text beside the badge rather than in a tooltip alone, so a
// phone and a screen reader get them too.
import HomeRounded from '@mui/icons-material/HomeRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ClientMilestone } from '@shared/api-types';
import { IconBadge } from '@/components/ui/icon-badge';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { formatTimestamp } from '@/lib/dates';
import { ProfileCard } from './client-profile';

type ClientAchievementsProps = {
  /** undefined while they load. */
  milestones: readonly ClientMilestone[] | undefined;
  error: Error | undefined;
  onRetry: () => void;
};

export const NO_ACHIEVEMENTS =
  'No achievements yet. A complete profile, a review and each year in their home each earn a badge.';

export function ClientAchievements({ milestones, error, onRetry }: ClientAchievementsProps) {
  return (
    <ProfileCard title="Achievements">
      {milestones ? (
        milestones.length === 0 ? (
          <Typography variant="muted">{NO_ACHIEVEMENTS}</Typography>
        ) : (
          <PlainList gap={1.5} aria-label="Achievements">
            {milestones.map((milestone) => (
              <AchievementBadge key={`${milestone.type}-${milestone.achievedAt}`} milestone={milestone} />
            ))}
          </PlainList>
        )
      ) : error ? (
        <LoadError onRetry={onRetry}>The achievements could not be loaded.</LoadError>
      ) : (
        <Box role="status" aria-busy="true" aria-label="Loading achievements">
          <Skeleton variant="rounded" height={56} />
        </Box>
      )}
    </ProfileCard>
  );
}

function AchievementBadge({ milestone }: { milestone: ClientMilestone }) {
  const Icon = milestone.icon === 'Home' ? HomeRounded : StarRounded;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, minWidth: 0 }}>
      <IconBadge size={40} tone={milestone.icon === 'Home' ? 'primary' : 'secondary'}>
        <Icon fontSize="small" />
      </IconBadge>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 650 }}>{milestone.name}</Typography>
        <Typography variant="body2">{milestone.description}</Typography>
        <Typography variant="muted">Achieved on {formatTimestamp(milestone.achievedAt)}</Typography>
      </Box>
    </Box>
  );
}
