import { canCreateBlog } from '@agora/contract';
import { GroupBlogs } from '@/features/blogs/public';
import { useGroupContext } from './group-layout';

/** The Blogs tab (SPEC §2): the blogs feature's list, told who may write (owner and admins) and who is a member. */
export function BlogsTab() {
  const { detail, viewer, basePath } = useGroupContext();
  return (
    <GroupBlogs
      groupId={detail.group.id}
      groupPath={basePath.slice('/group/'.length)}
      canCreate={canCreateBlog({ role: viewer.role, isOwner: viewer.isOwner })}
      isMember={viewer.isMember}
    />
  );
}
