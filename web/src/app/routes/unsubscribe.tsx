// /unsubscribe#token=…: the page the visible link in an agent's e-mail opens (and the List-Unsubscribe
// URI, opened as a link, leads to). It explains what the button does and stops the e-mail only when
// the reader confirms (link scanners open links; they do not press buttons). Mail providers'
// one-click requests go straight to the API. Links mailed earlier carry the token in the path
// (/unsubscribe/{token}): it moves to the fragment at once, out of history and Referer.
import UnsubscribeRounded from '@mui/icons-material/UnsubscribeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { UnsubscribeResult } from '@shared/api-types';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { CenteredNotice } from '@/components/ui/centered-message';
import { paths } from '@/config/paths';
import { api, errorMessage } from '@/lib/api-client';
import { useLinkToken } from '@/lib/use-link-token';

type State =
  { step: 'ask' } | { step: 'sending' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

export function UnsubscribeRoute() {
  const { token: pathToken } = useParams();
  const linkToken = useLinkToken();
  const token = linkToken ?? pathToken ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ step: 'ask' });

  useEffect(() => {
    if (pathToken) navigate(paths.unsubscribe.getHref(pathToken), { replace: true });
  }, [pathToken, navigate]);

  const confirm = () => {
    setState({ step: 'sending' });
    api
      .post<UnsubscribeResult>(`/api/unsubscribe/${encodeURIComponent(token)}`, {})
      .then((result) => setState({ step: 'done', message: result.message }))
      .catch((error: unknown) => setState({ step: 'failed', message: errorMessage(error) }));
  };

  const title = state.step === 'done' ? 'You are unsubscribed' : 'Stop these e-mails?';
  return (
    <CenteredLayout title="Unsubscribe" homeHref={paths.findRealtor.getHref()}>
      <CenteredNotice icon={<UnsubscribeRounded />} tone="primary" badge="tint" title={title}>
        <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
          {state.step === 'done' && <Typography>{state.message}</Typography>}
          {state.step === 'failed' && <Alert severity="error">{state.message}</Alert>}
        </Box>
        {state.step !== 'done' && (
          <>
            <Typography variant="lead" sx={{ mt: 1.5 }}>
              Your real-estate agent sent you this e-mail through Hearthside. Unsubscribing stops their e-mails to you;
              they can still reach you in other ways.
            </Typography>
            <Button
              variant="contained"
              size="large"
              fullWidth
              sx={{ mt: 3 }}
              onClick={confirm}
              disabled={state.step === 'sending'}
            >
              {state.step === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </>
        )}
      </CenteredNotice>
    </CenteredLayout>
  );
}
