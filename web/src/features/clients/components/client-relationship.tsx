// The client page's Relationship section: how strong the relationship is (a word and the number), the client's
// referral tier, who referred them, how many clients they referred, and their referral link to copy and share.
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Client } from '@shared/api-types';
import type { ClientRelationship as Relationship, RelationshipTier, StrengthLevel } from '@shared/next-best';
import { ClientLink } from '@/components/ui/client-link';
import { LoadError } from '@/components/ui/load-error';
import { LabelledValue } from '@/components/ui/labelled-value';
import { PlainList } from '@/components/ui/plain-list';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { formatTimestamp } from '@/lib/dates';
import { useClientRelationship } from '../api/get-client-relationship';
import { ProfileCard } from './client-profile';

const LEVEL_WORDS: Record<StrengthLevel, string> = { strong: 'Strong', warm: 'Warm', cooling: 'Cooling', cold: 'Cold' };
const TIER_WORDS: Record<RelationshipTier, string> = {
  advocate: 'Advocate (2 or more referrals)',
  fan: 'Fan (a referral or a review)',
  other: 'Client',
};

/** "Warm · 6.4": the level and the decayed sum of touches it comes from. */
export const strengthText = (relationship: Pick<Relationship, 'level' | 'strength'>) =>
  `${LEVEL_WORDS[relationship.level]} · ${relationship.strength.toFixed(1)}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LabelledValue component="li" label={label}>
      {children}
    </LabelledValue>
  );
}

function ReferralLink({ client, link }: { client: Client; link: string }) {
  const { toast } = useToast();
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({
        title: 'Referral link copied',
        description: `Share it: whoever registers through it is credited to ${client.name}.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Not copied', description: errorMessage(failure), variant: 'destructive' });
    }
  };
  return (
    <Row label="Referral link">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
          {link}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyRounded />}
          onClick={() => void handleCopy()}
          aria-label={`Copy ${client.name}'s referral link`}
        >
          Copy
        </Button>
      </Box>
    </Row>
  );
}

export function ClientRelationship({ client }: { client: Client }) {
  const { relationship, error, retry } = useClientRelationship(client.id);
  return (
    <ProfileCard title="Relationship">
      {relationship ? (
        <PlainList gap={1.25}>
          <Row label="Strength">{strengthText(relationship)}</Row>
          <Row label="Tier">{TIER_WORDS[relationship.tier]}</Row>
          {relationship.referredBy ? (
            <Row label="Referred by">
              <ClientLink id={relationship.referredBy.id} name={relationship.referredBy.name} />
            </Row>
          ) : null}
          <Row label="Referrals">
            {relationship.referrals ? `Referred ${countText(relationship.referrals, 'client', 'clients')}` : 'None yet'}
          </Row>
          {relationship.lastTouchAt ? <Row label="Last touch">{formatTimestamp(relationship.lastTouchAt)}</Row> : null}
          <ReferralLink client={client} link={relationship.referralLink} />
        </PlainList>
      ) : error ? (
        <LoadError onRetry={retry}>The relationship could not be loaded. {errorMessage(error)}</LoadError>
      ) : (
        <Box role="status" aria-busy="true" aria-label="Loading the relationship">
          <Skeleton variant="rounded" height={120} />
        </Box>
      )}
    </ProfileCard>
  );
}
