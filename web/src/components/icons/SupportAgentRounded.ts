// Material icon "SupportAgentRounded" (Google's Material Icons, Apache License 2.0): see ./README.md.
import { createSvgIcon } from '@mui/material/utils';
import { jsx } from 'react/jsx-runtime';

export default createSvgIcon(
  [
    jsx(
      'path',
      {
        d: 'M21 12.22C21 6.73 16.74 3 12 3c-4.69 0-9 3.65-9 9.28-.6.34-1 .98-1 1.72v2c0 1.1.9 2 2 2 .55 0 1-.45 1-1v-4.81c0-3.83 2.95-7.18 6.78-7.29 3.96-.12 7.22 3.06 7.22 7V19h-7c-.55 0-1 .45-1 1s.45 1 1 1h7c1.1 0 2-.9 2-2v-1.22c.59-.31 1-.92 1-1.64v-2.3c0-.7-.41-1.31-1-1.62',
      },
      '0',
    ),
    jsx(
      'circle',
      {
        cx: '9',
        cy: '13',
        r: '1',
      },
      '1',
    ),
    jsx(
      'circle',
      {
        cx: '15',
        cy: '13',
        r: '1',
      },
      '2',
    ),
    jsx(
      'path',
      {
        d: 'M18 11.03C17.52 8.18 15.04 6 12.05 6c-3.03 0-6.29 2.51-6.03 6.45 2.47-1.01 4.33-3.21 4.86-5.89 1.31 2.63 4 4.44 7.12 4.47',
      },
      '3',
    ),
  ],
  'SupportAgentRounded',
);
