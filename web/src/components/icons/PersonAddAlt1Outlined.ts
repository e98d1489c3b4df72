// Material icon "PersonAddAlt1Outlined" (Google's Material Icons, Apache License 2.0): see ./README.md.
import { createSvgIcon } from '@mui/material/utils';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(
  jsx('path', {
    d: 'M13 8c0-2.21-1.79-4-4-4S5 5.79 5 8s1.79 4 4 4 4-1.79 4-4m-2 0c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2M1 18v2h16v-2c0-2.66-5.33-4-8-4s-8 1.34-8 4m2 0c.2-.71 3.3-2 6-2 2.69 0 5.78 1.28 6 2zm17-3v-3h3v-2h-3V7h-2v3h-3v2h3v3z',
  }),
  'PersonAddAlt1Outlined',
);
