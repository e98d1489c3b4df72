// Test SMS Notifications: sends one text message to a number, to check the SMS provider works.
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { isValidTestSmsPhone, keepPhoneInput, TEST_SMS_MESSAGES } from '@shared/test-sms';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSendTestSms } from '../api/send-test-sms';

export function TestSmsCard() {
  const headingId = useId();
  const { toast } = useToast();
  const { trigger, isMutating } = useSendTestSms();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = phone.trim();
    if (!value) {
      setError(TEST_SMS_MESSAGES.phoneRequired);
      toast({ title: 'Error', description: TEST_SMS_MESSAGES.phoneRequired, variant: 'destructive' });
      return;
    }
    if (!isValidTestSmsPhone(value)) {
      setError(TEST_SMS_MESSAGES.invalidPhone);
      toast({
        title: TEST_SMS_MESSAGES.invalidTitle,
        description: TEST_SMS_MESSAGES.invalidPhone,
        variant: 'destructive',
      });
      return;
    }
    setError(null);
    try {
      const result = await trigger(value);
      toast({ title: TEST_SMS_MESSAGES.sent, description: `Sent to ${result.to}.`, variant: 'success' });
    } catch (failure) {
      toast({ title: TEST_SMS_MESSAGES.failed, description: errorMessage(failure), variant: 'destructive' });
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <SmsOutlined aria-hidden="true" sx={{ color: 'secondary.main' }} />
          <Typography id={headingId} component="h2" variant="h3">
            Test SMS Notifications
          </Typography>
        </Box>
        <Typography variant="muted">Send a test text message to check that reminder texts reach phones.</Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Phone Number"
            value={phone}
            onChange={(event) => {
              setPhone(keepPhoneInput(event.target.value));
              if (error) setError(null);
            }}
            placeholder="+1234567890"
            size="small"
            sx={{ flex: '1 1 220px' }}
            error={Boolean(error)}
            helperText={error ?? 'Digits only, with an optional + (e.g., +15125550100)'}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 16 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={isMutating}
            sx={{ flex: '1 0 auto', minWidth: 140, height: 40 }}
          >
            {isMutating ? 'Sending...' : 'Send Test SMS'}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}
