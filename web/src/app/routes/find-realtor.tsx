// /find-realtor: a visitor finds their realtor by name, business name or e-mail; choosing one remembers it
// (localStorage
// `selectedAgent`) and goes on to /client-registration?agentId={id}.
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { paths } from '@/config/paths';
import { RealtorPicker } from '@/features/registration/components/realtor-picker';
import { storeSelectedAgent } from '@/features/registration/selected-agent';

export function FindRealtorRoute() {
  const navigate = useNavigate();
  return (
    <CenteredLayout title="Select Your Realtor" homeHref={paths.findRealtor.getHref()}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Select Your Realtor
      </Typography>
      <Typography variant="lead" sx={{ mt: 1, mb: 3 }}>
        Search for your realtor by their name, business name or email address to connect with them.
      </Typography>
      <RealtorPicker
        onSelect={(agent) => {
          storeSelectedAgent(agent);
          navigate(paths.clientRegistration.getHref({ agentId: agent.id }));
        }}
      />
    </CenteredLayout>
  );
}
