// "Import contacts": the button that opens the import of a CSV or vCard file (the clients page, its empty state, the
// administrators' client data), named for what it takes; the kinds of file are its description (a tooltip on hover and
// focus, the title read by screen readers), so its name stays short.
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

export const IMPORT_CONTACTS = 'Import contacts';
export const IMPORT_CONTACTS_HINT = 'From a CSV or vCard (.vcf) file';

type ImportContactsButtonProps = Pick<ButtonProps, 'onClick' | 'disabled' | 'variant' | 'size'> & {
  /** Its words, where the page has another import button ("Import your address book"). */
  label?: string;
};

export function ImportContactsButton({
  variant = 'outlined',
  label = IMPORT_CONTACTS,
  ...props
}: ImportContactsButtonProps) {
  const button = (
    <Button variant={variant} startIcon={<UploadFileRounded />} {...props}>
      {label}
    </Button>
  );
  // A disabled button takes no pointer events: whoever disabled it says why.
  if (props.disabled) return button;
  return (
    <Tooltip title={IMPORT_CONTACTS_HINT} describeChild>
      {button}
    </Tooltip>
  );
}
