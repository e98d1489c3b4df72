// The search field of the admin lists, with a clear button.
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
};

export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <OutlinedInput
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      type="search"
      size="small"
      inputProps={{ 'aria-label': label }}
      startAdornment={
        <InputAdornment position="start">
          <SearchRounded sx={{ color: 'text.secondary' }} />
        </InputAdornment>
      }
      endAdornment={
        value ? (
          <InputAdornment position="end">
            <IconButton aria-label="Clear search" size="small" edge="end" onClick={() => onChange('')}>
              <ClearRounded fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : null
      }
      sx={{ flex: '1 1 240px', maxWidth: { md: 360 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
    />
  );
}
