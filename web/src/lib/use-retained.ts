// The last value that was not null: a dialog closed by clearing what it is about keeps showing it while it fades out.
import { useState } from 'react';

export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
