import { canCreateBlog } from '@agora/contract';
import { useGroupContext } from '@/features/groups/public';
import { GroupBlogs } from './blogs-tab';

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
