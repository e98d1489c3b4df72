// What the composer shows once a message is sent or, for a text outside 8:00–21:00 where the client
// is, scheduled for the morning.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Client, SendMessageResult } from '@shared/api-types';
import { firstName, scheduledText } from '../message-text';

type ComposerOutcomeProps = {
  client: Client;
  result: SendMessageResult;
};

export function ComposerOutcome({ client, result }: ComposerOutcomeProps) {
  const name = firstName(client.name);
  const channel = result.message.channel;
  let icon: ReactNode;
  let title: string;
  let detail: string;
  if (result.status === 'scheduled') {
    icon = <ScheduleRounded color="primary" sx={{ fontSize: 44 }} aria-hidden="true" />;
    title = scheduledText(result.sendAt, result.timeZone, name);
    detail = `Texts arrive between 8:00 and 21:00 where ${name} is, so this one waits for the morning. It shows in ${name}'s activity until it goes.`;
  } else {
    icon = <CheckCircleRounded color="success" sx={{ fontSize: 44 }} aria-hidden="true" />;
    title = 'Sent';
    detail = `Your ${channel === 'sms' ? 'text' : 'e-mail'} to ${name} is on its way. It is in ${name}'s activity.`;
  }
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
      {icon}
      <Typography component="p" variant="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography variant="muted" sx={{ mt: 1, maxWidth: 380, mx: 'auto' }}>
        {detail}
      </Typography>
    </Box>
  );
}
