// What a signed-in non-administrator sees on an admin page (docs/architecture.md, Decisions and why).
import ArrowBackRounded from '@/components/icons/ArrowBackRounded';
import LockOutlined from '@/components/icons/LockOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { pageTitle } from '@/config/app';
import { paths } from '@/config/paths';

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
            <Button
              component={RouterLink}
              to={paths.home.getHref()}
              variant="outlined"
              startIcon={<ArrowBackRounded />}
            >
              Back to Dashboard
            </Button>
          }
        >
          This page is for administrators only.
        </EmptyPanel>
      </Card>
    </>
  );
}
