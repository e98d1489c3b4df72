import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { CenteredMessage } from '@/components/ui/centered-message';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <CenteredLayout title="Page not found" homeHref={paths.home.getHref()}>
      <CenteredMessage
        icon={<SearchOffRounded />}
        tone="primary"
        title="404 Page Not Found"
        lines={['Did you forget to add the page to the router?']}
        action={{ label: 'Go back home', to: paths.home.getHref() }}
      />
    </CenteredLayout>
  );
}
