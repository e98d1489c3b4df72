// The search field above a list, with a clear button.
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Ref } from 'react';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
  /** Overrides of the default width (grows from 240px up to 360px on wide screens). */
  sx?: SxProps<Theme>;
};

export function SearchBox({ value, onChange, placeholder, label, inputRef, maxLength, sx }: SearchBoxProps) {
  return (
    <OutlinedInput
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      type="search"
      size="small"
      inputRef={inputRef}
      inputProps={{ 'aria-label': label, maxLength }}
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
      sx={[
        { flex: '1 1 240px', maxWidth: { md: 360 }, '& input::-webkit-search-cancel-button': { display: 'none' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
