// A small icon button in the secondary text colour: the quiet actions at the end of a list row
// (edit, delete, mark a review), which take the eye less than the row's content.
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';

export function RowActionButton({ sx, ...props }: IconButtonProps) {
  return <IconButton size="small" sx={[{ color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
