import { GroupLayout, type GroupLayoutSlots } from '@/features/groups/group-layout';
import { InviteResponse } from '@/features/members/invite-response';
import { RequestsBadge } from '@/features/members/requests-badge';
import { ReportsPanel, ReportsTab } from '@/features/moderation/public';
import { CommunitySearch } from '@/features/search/public';

/** What the community page shows of the members, moderation and search features (groups sits below members in the feature order). */
const SLOTS: GroupLayoutSlots = {
  invitation: (invite) => <InviteResponse invite={invite} />,
  requestsBadge: (groupId) => <RequestsBadge groupId={groupId} />,
  reportsTab: (groupId) => <ReportsTab groupId={groupId} />,
  reportsPanel: (groupId) => <ReportsPanel groupId={groupId} />,
  search: ({ slug, name }) => <CommunitySearch slug={slug} name={name} />,
};

/** `/group/{slug or id}`: the groups feature's layout with the members feature's parts in its slots. */
export function GroupPage() {
  return <GroupLayout slots={SLOTS} />;
}
