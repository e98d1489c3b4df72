// A button that opens a page of the app: a router link that looks like a button.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

export type LinkButtonProps = Omit<ButtonProps<typeof RouterLink>, 'component'>;

export function LinkButton(props: LinkButtonProps) {
  return <Button component={RouterLink} {...props} />;
}

/** The way back to the page above this one ("All clients"), an arrow before its name. */
export function BackButton(props: Omit<LinkButtonProps, 'startIcon'>) {
  return <LinkButton startIcon={<ArrowBackRounded />} {...props} />;
}
