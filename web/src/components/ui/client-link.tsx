// A client's name wherever it is shown: a link to their page (/clients/:id), in the text's own colour.
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

export function ClientLink({ id, name }: { id: string; name: string }) {
  return (
    <Link component={RouterLink} to={paths.client.getHref(id)} color="inherit" underline="hover">
      {name}
    </Link>
  );
}
