import { Newspaper } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useGroupContext } from './group-layout';
import { GROUP_TEXTS } from './texts';

/** The Blogs tab's frame (SPEC §2); the blog cards and the create button arrive with the blogs issue. */
export function BlogsTab() {
  const { viewer } = useGroupContext();
  return (
    <section aria-label="Blogs" className="mx-auto max-w-3xl">
      <EmptyState icon={Newspaper} title={GROUP_TEXTS.noBlogs} description={viewer.isMember ? GROUP_TEXTS.beFirstBlog : undefined} />
    </section>
  );
}
