import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { loginPathFor } from '@/features/auth/redirect';

/** Signed-in only pages: a visitor goes to /login, and comes back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return children;
}
