// /home-valuation?agent=…: where a client lands after clicking "Ask me for a free home valuation" in their monthly
// home update (GET /api/home-valuation/{token} records the click and sends the browser here). It only thanks them and
// says who will be in touch: the request was made by the click.
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { CenteredNotice } from '@/components/ui/centered-message';
import { paths } from '@/config/paths';

export function HomeValuationRoute() {
  const [params] = useSearchParams();
  const agent = params.get('agent')?.trim().slice(0, 120) || 'Your agent';
  return (
    <CenteredLayout title="Home valuation" homeHref={paths.findRealtor.getHref()}>
      <CenteredNotice icon={<HomeWorkOutlined />} tone="primary" badge="tint" title="Thank you!">
        <Typography variant="lead" sx={{ mt: 1.5 }}>
          {agent} will be in touch about a free valuation of your home.
        </Typography>
        <Typography variant="muted" sx={{ mt: 2 }}>
          The monthly figure is an index-based estimate for your area, not an appraisal. A valuation looks at your home
          itself.
        </Typography>
      </CenteredNotice>
    </CenteredLayout>
  );
}
