// The business profile form: Google Place ID with a link to Google's Place ID finder,
// Business Name and Business Location, all required; 'Business profile updated successfully'.
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import type { User } from '@shared/api-types';
import { businessProfileSchema, type BusinessProfileInput } from '@shared/schemas';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { FormSubmitButton } from '@/components/ui/busy-button';
import { useUpdateBusinessProfile } from '../api/update-business-profile';

export const PLACE_ID_FINDER_URL = 'https://developers.google.com/maps/documentation/places/web-service/place-id';

const fields = ['googlePlaceId', 'businessName', 'businessLocation'] as const;

type BusinessProfileFormProps = {
  user: User;
};

export function BusinessProfileForm({ user }: BusinessProfileFormProps) {
  const { trigger } = useUpdateBusinessProfile();
  const { toast } = useToast();
  const onSubmit = useFormSubmit<BusinessProfileInput>(fields, async (values) => {
    await trigger(businessProfileSchema.cast(values));
    toast({ title: 'Business profile updated successfully', variant: 'success' });
  });
  const initialValues: BusinessProfileInput = {
    googlePlaceId: user.googlePlaceId ?? '',
    businessName: user.businessName ?? '',
    businessLocation: user.businessLocation ?? '',
  };

  return (
    <Formik<BusinessProfileInput>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={businessProfileSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Business profile">
          <Stack spacing={2.5}>
            <Box>
              <FormikTextField
                name="googlePlaceId"
                label="Google Place ID"
                autoComplete="off"
                placeholder="e.g. ChIJN1t_tDeuEmsRUsoyG83frY4"
                helperText="Used to find your clients' Google reviews and to link them to your review page."
                required
              />
              <Typography variant="body2" sx={{ mt: 1, ml: 0.25 }}>
                <Link
                  href={PLACE_ID_FINDER_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  Find your Place ID with Google's Place ID finder
                  <OpenInNewRounded sx={{ fontSize: 16 }} titleAccess="opens in a new tab" />
                </Link>
              </Typography>
            </Box>
            <FormikTextField name="businessName" label="Business Name" autoComplete="organization" required />
            <FormikTextField
              name="businessLocation"
              label="Business Location"
              autoComplete="address-level2"
              placeholder="e.g. Austin, TX"
              required
            />
            <FormSubmitButton busy={isSubmitting} busyLabel="Saving...">
              Save Business Profile
            </FormSubmitButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
