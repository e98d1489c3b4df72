// /client-registration#token=… (from an invitation) or ?agentId=… (after choosing a realtor, or from a client's
// referral link, which adds &ref=<the client's id>, sent with the registration); with neither, back to
// /find-realtor. After registering, 'Share Your Experience' offers the video upload, then the visitor goes on to
// /auth. The build prerenders the directory visitor's form (the build knows neither the token nor the realtor): it
// shows, inert, until hydration has read the URL, then the page becomes the one the URL asks for.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { ClientRegistrationResult } from '@shared/api-types';
import { INVITATION_TOKEN_PATTERN } from '@shared/client-registration';
import { isId } from '@shared/schemas';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useLinkToken } from '@/lib/use-link-token';
import { useInvitation } from '@/features/registration/api/get-invitation';
import { ClientRegistrationForm } from '@/features/registration/components/client-registration-form';
import { InvalidInvitation } from '@/features/registration/components/invalid-invitation';
import { ShareYourExperience } from '@/features/registration/components/share-your-experience';
import { businessLine, readSelectedAgent } from '@/features/registration/selected-agent';

const TITLE = 'Complete Your Profile';

function Heading({ greeting }: { greeting?: string | null }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {TITLE}
      </Typography>
      <Typography variant="lead" sx={{ mt: 1 }}>
        Please provide your information to complete the registration
      </Typography>
      {greeting ? <Typography sx={{ mt: 1.5, fontWeight: 500 }}>{greeting}</Typography> : null}
    </>
  );
}

type RegisteredProps = { onRegistered: (result: ClientRegistrationResult) => void };

function InvitedRegistration({ token, onRegistered }: RegisteredProps & { token: string }) {
  const { invitation, error, isLoading, mutate } = useInvitation(token);
  if (isLoading) return <Spinner label="Checking your invitation" />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!invitation?.valid) return <InvalidInvitation />;
  const from = invitation.businessName ? `${invitation.agentName} of ${invitation.businessName}` : invitation.agentName;
  return (
    <>
      <Heading greeting={`Hi ${invitation.name}, ${from} invited you to stay in touch.`} />
      <Typography variant="muted" sx={{ mt: 0.5, mb: 3, overflowWrap: 'anywhere' }}>
        Registering as {invitation.email}
      </Typography>
      <ClientRegistrationForm
        target={{ token }}
        onRegistered={onRegistered}
        onInvitationInvalid={() => void mutate()}
      />
    </>
  );
}

type SelfRegistrationProps = RegisteredProps & { agentId: string; referral?: string | null };

function SelfRegistration({ agentId, referral, onRegistered }: SelfRegistrationProps) {
  const agent = readSelectedAgent(agentId);
  const business = agent ? businessLine(agent) : '';
  // A referral that cannot be a client's id is left out: the visitor registers all the same.
  const target = referral && isId(referral) ? { agentId, ref: referral } : { agentId };
  return (
    <>
      <Heading greeting={agent ? `Your realtor: ${agent.fullName}${business ? ` (${business})` : ''}` : null} />
      <Box sx={{ mt: 3 }}>
        <ClientRegistrationForm target={target} onRegistered={onRegistered} />
      </Box>
    </>
  );
}

export function ClientRegistrationRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState<ClientRegistrationResult | null>(null);
  const token = useLinkToken();
  const agentId = searchParams.get('agentId');
  const hydrated = useHydrated();

  if (hydrated && !token && !agentId) return <Navigate to={paths.findRealtor.getHref()} replace />;

  let content;
  if (!hydrated) {
    content = <SelfRegistration agentId="" onRegistered={setRegistered} />;
  } else if (registered) {
    content = (
      <>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Registration complete. Thank you!
        </Alert>
        <ShareYourExperience
          credentials={{ clientId: registered.clientId, clientToken: registered.clientToken }}
          onContinue={() => navigate(paths.auth.getHref())}
        />
      </>
    );
  } else if (token) {
    content = INVITATION_TOKEN_PATTERN.test(token) ? (
      <InvitedRegistration token={token} onRegistered={setRegistered} />
    ) : (
      <InvalidInvitation />
    );
  } else {
    content = <SelfRegistration agentId={agentId!} referral={searchParams.get('ref')} onRegistered={setRegistered} />;
  }

  return (
    <CenteredLayout title={TITLE} homeHref={paths.findRealtor.getHref()}>
      {content}
    </CenteredLayout>
  );
}
