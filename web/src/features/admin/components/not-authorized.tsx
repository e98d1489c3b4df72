// What a signed-in non-administrator sees on an admin page (docs/architecture.md, Decisions and why).
import LockOutlined from '@mui/icons-material/LockOutlined';
import Card from '@mui/material/Card';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { pageTitle } from '@/config/app';
import { paths } from '@/config/paths';
import { BackButton } from '@/components/ui/link-button';

export const NOT_AUTHORIZED = 'Not authorized';

export function NotAuthorized() {
  return (
    <>
      <title>{pageTitle(NOT_AUTHORIZED)}</title>
      <Card component="section" aria-labelledby="not-authorized-heading">
        <EmptyPanel
          icon={<LockOutlined fontSize="large" />}
          tone="error"
          title={NOT_AUTHORIZED}
          headingLevel={1}
          titleId="not-authorized-heading"
          actions={
            <BackButton to={paths.home.getHref()} variant="outlined">
              Back to Dashboard
            </BackButton>
          }
        >
          This page is for administrators only.
        </EmptyPanel>
      </Card>
    </>
  );
}
