// Admin pages render for administrators only; anyone else sees 'Not authorized' (the server refuses
// them too, so this only saves a round trip).
import type { ReactNode } from 'react';
import { useUser } from '@/lib/auth';
import { NotAuthorized } from './not-authorized';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useUser();
  if (!user?.isAdmin) return <NotAuthorized />;
  return <>{children}</>;
}
