// On the clients page: how many groups of likely duplicates there are, linking to the duplicates screen (nothing
// when there are none, or while they are counted).
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import { paths } from '@/config/paths';
import { LinkButton } from '@/components/ui/link-button';
import { useDuplicates } from '../api/get-duplicates';
import { duplicatesLabel } from '../utils/compare-clients';

export function DuplicatesLink() {
  const { duplicates } = useDuplicates();
  const count = duplicates?.groups.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      icon={<PeopleAltOutlined />}
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <LinkButton to={paths.duplicates.getHref()} color="inherit" size="small">
          Review duplicates
        </LinkButton>
      }
    >
      {duplicatesLabel(count)} in your clients.
    </Alert>
  );
}
