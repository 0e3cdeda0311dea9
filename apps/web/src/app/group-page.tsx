import { GroupLayout, type GroupLayoutSlots } from '@/features/groups/group-layout';
import { InviteResponse, RequestsBadge } from '@/features/members/public';

/** What the community page shows of the members feature (groups sits below members in the feature order). */
const SLOTS: GroupLayoutSlots = {
  invitation: (invite) => <InviteResponse invite={invite} />,
  requestsBadge: (groupId) => <RequestsBadge groupId={groupId} />,
};

/** `/group/{slug or id}`: the groups feature's layout with the members feature's parts in its slots. */
export function GroupPage() {
  return <GroupLayout slots={SLOTS} />;
}
