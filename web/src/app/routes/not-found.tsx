import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { CenteredMessagePage } from '@/components/layouts/centered-layout';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <CenteredMessagePage
      pageTitle="Page not found"
      icon={<SearchOffRounded />}
      tone="primary"
      title="404 Page Not Found"
      lines={['Did you forget to add the page to the router?']}
      action={{ label: 'Go back home', to: paths.home.getHref() }}
    />
  );
}
