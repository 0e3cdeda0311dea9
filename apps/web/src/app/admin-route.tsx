import { Skeleton } from '@/components/ui/spinner';
import { AdminPage } from '@/features/admin/admin-page';
import { useAccountState } from '@/features/account/api';
import { NotFoundPage } from './not-found-page';

/**
 * `/admin` (issue 15 §8): the site administration page for site admins, the app's "Page Not Found" for everyone
 * else (decision 0105). The server answers every admin call 404 to them as well: this only chooses the screen.
 */
export function AdminRoute() {
  const account = useAccountState();
  if (account.isPending) return <Skeleton className="mx-auto h-64 w-full max-w-3xl" />;
  if (!account.data?.siteAdmin) return <NotFoundPage />;
  return <AdminPage />;
}
