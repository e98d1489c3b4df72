// The Google card of /settings: what Hearthside may do with the agent's Google account, one row each for the
// Business Profile reviews, Contacts and Calendar: what it allows, whether it is on, and the button that turns it on
// (Google's consent page when Google has not allowed it yet) or off; under each feature that is on, how its sync
// stands and what it offers (feature-sync.tsx). Google's page comes back here saying how it went. The shell's banner
// links here (`#google`) when a sync needs the agent.
import Google from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GoogleConnectionStatus } from '@shared/api-types';
import { GOOGLE_FEATURE_LABELS, type GoogleFeature } from '@shared/google';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '@/components/ui/link-button';
import { SectionCard } from '@/components/ui/section-card';
import { ProgressLine } from '@/components/ui/spinner';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { paths } from '@/config/paths';
import { leaveAppTo } from '@/lib/leave-app';
import { useIntegrations } from '../api/get-integrations';
import { useConnectGoogle, useGoogleConnection, useSetGoogleFeature } from '../api/google-connection';
import type { SyncedFeature } from '../utils/sync-text';
import { FeatureSync } from './feature-sync';
import { GOOGLE_CARD_ID } from './google-attention-banner';
import { GoogleCallbackAlert } from './google-callback-alert';

/** Each feature's name on its row and, in a few words, what it lets Hearthside do. */
export const FEATURE_TEXTS: Record<GoogleFeature, { name: string; allows: string }> = {
  contacts: { name: 'Contacts', allows: 'Bring your Google contacts in as clients and keep their numbers in step.' },
  calendar: {
    name: 'Calendar',
    allows:
      'Put key dates, check-ins and scheduled messages on a Hearthside calendar (a change shows within minutes), and see your meetings with clients.',
  },
};

/**
 * The features Settings offers: Contacts and Calendar, each now with its sync (issue 46). A feature is offered only
 * once its sync works: an agent should not grant Google's data to a switch that does nothing.
 */
export const OFFERED_FEATURES: readonly GoogleFeature[] = ['contacts', 'calendar'];

export function GoogleFeaturesCard({ offered = OFFERED_FEATURES }: { offered?: readonly GoogleFeature[] }) {
  const { connection, error, retry } = useGoogleConnection();
  useScrollIntoViewOnHash(connection !== undefined);
  return (
    <SectionCard
      id={GOOGLE_CARD_ID}
      icon={<Google />}
      title="Google"
      subtitle="What Hearthside may do with your Google account. Google asks you first; turn anything off at any time."
    >
      <GoogleCallbackAlert connectedText="Google connected." />
      {error ? (
        <Alert severity="error" action={<Button onClick={() => retry()}>Try again</Button>}>
          Your Google connection could not be loaded.
        </Alert>
      ) : !connection ? (
        <ProgressLine>Loading your Google connection…</ProgressLine>
      ) : (
        <FeatureRows connection={connection} offered={offered} />
      )}
    </SectionCard>
  );
}

/** Brings the card into view when the URL names it (the banner's link), again once its rows are in. */
function useScrollIntoViewOnHash(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${GOOGLE_CARD_ID}`) document.getElementById(GOOGLE_CARD_ID)?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
}

function FeatureRows({
  connection,
  offered,
}: {
  connection: GoogleConnectionStatus;
  offered: readonly GoogleFeature[];
}) {
  const connect = useConnectGoogle();
  const setFeature = useSetGoogleFeature();
  const sync = useIntegrations();
  const act = useToastedAction();
  const busy = connect.isMutating || setFeature.isMutating;

  const handleConnect = (feature?: GoogleFeature) =>
    act(async () => leaveAppTo((await connect.trigger(feature)).authorizationUrl));
  const handleSwitch = (feature: GoogleFeature, enabled: boolean) =>
    act(() => setFeature.trigger({ feature, enabled }), {
      done: () => ({ title: `${GOOGLE_FEATURE_LABELS[feature]} turned ${enabled ? 'on' : 'off'}` }),
    });

  const syncProps = (feature: SyncedFeature, name: string) => ({
    feature,
    name,
    sync,
    reconnecting: busy,
    onReconnect: () => void handleConnect(feature === 'reviews' ? undefined : feature),
  });

  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        '& > li + li': { borderTop: 1, borderColor: 'divider', pt: 2 },
      }}
    >
      <FeatureRow
        name="Business Profile reviews"
        allows="See every Google review, who wrote it, and reply from Hearthside."
        on={connection.connected}
        details={connection.connected ? <FeatureSync {...syncProps('reviews', 'Business Profile reviews')} /> : null}
      >
        {connection.connected ? (
          <LinkButton variant="outlined" to={paths.reviews.getHref()}>
            Open reviews
          </LinkButton>
        ) : (
          <Button variant="contained" onClick={() => void handleConnect()} disabled={busy}>
            Connect Business Profile
          </Button>
        )}
      </FeatureRow>
      {offered.map((feature) => {
        const { enabled, granted } = connection.features[feature];
        const { name, allows } = FEATURE_TEXTS[feature];
        return (
          <FeatureRow
            key={feature}
            name={name}
            allows={allows}
            on={enabled}
            details={enabled ? <FeatureSync {...syncProps(feature, name)} /> : null}
          >
            {enabled ? (
              // A quiet button, last, after what the feature offers.
              <Button onClick={() => void handleSwitch(feature, false)} disabled={busy}>
                Turn off {name}
              </Button>
            ) : (
              <Button
                variant="contained"
                onClick={() => void (granted ? handleSwitch(feature, true) : handleConnect(feature))}
                disabled={busy}
              >
                Turn on {name}
              </Button>
            )}
          </FeatureRow>
        );
      })}
    </Box>
  );
}

type FeatureRowProps = {
  name: string;
  allows: string;
  on: boolean;
  /** Under the row, across its width, for a feature that is on: how its sync stands and what it offers. */
  details: ReactNode;
  /** The button that turns it on (beside what it allows) or off (last, after what the feature offers). */
  children: ReactNode;
};

function FeatureRow({ name, allows, on, details, children }: FeatureRowProps) {
  return (
    <Box component="li" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {name}: {on ? 'on' : 'off'}
          </Typography>
          <Typography variant="muted">{allows}</Typography>
        </Box>
        {details ? null : children}
      </Box>
      {details}
      {details ? <Box>{children}</Box> : null}
    </Box>
  );
}
