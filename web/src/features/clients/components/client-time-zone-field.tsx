// The client form's time zone: texts reach the client only 8:00–21:00 there; none means the agent's own zone.
import { useFormikContext } from 'formik';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';
import type { RhythmFormValues } from './rhythm-form-values';

export function ClientTimeZoneField() {
  const { values, errors, setFieldValue, initialValues } = useFormikContext<RhythmFormValues>();
  return (
    <TimeZoneSelect
      value={values.timeZone}
      onChange={(timeZone) => setFieldValue('timeZone', timeZone)}
      saved={initialValues.timeZone}
      noZone="Same as mine"
      error={errors.timeZone}
      help="Texts reach the client between 8 am and 9 pm in this zone."
    />
  );
}
