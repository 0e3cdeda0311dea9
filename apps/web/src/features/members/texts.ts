import { defineTexts } from '@/lib/i18n';

/** The members screens' failure texts (SPEC §8 defaults where it gives one; the server's message wins when sent). */
export const MEMBER_TEXTS = defineTexts('members', {
  // Member management (staff) and invitations
  assignRoleFailed: 'Failed to assign role',
  kickFailed: 'Failed to kick member',
  transferFailed: 'Failed to transfer ownership',
  approveFailed: 'Failed to accept request',
  declineFailed: 'Failed to decline request',
  inviteFailed: 'Failed to send the invitation',
  revokeFailed: 'Failed to revoke the invitation',
  acceptInviteFailed: 'Failed to accept invite',
  declineInviteFailed: 'Failed to decline invite',
});
