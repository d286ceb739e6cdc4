// Staff accounts (issue 24): invitations by email, the staff list, a role or duty changed, an
// account deactivated, a forgotten password reset by an emailed link. Cloud only: the terminal
// hears of a change through the feed (staff.access.changed) and forgets that person's sign-in.
import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import {
  AcceptInvitationRequest,
  CreateInvitationRequest,
  Invitation,
  InvitationPreview,
  PasswordResetConfirm,
  PasswordResetRequest,
  StaffMember,
  UpdateStaffMemberRequest,
} from './staff-schemas.js';

const ById = z.object({ id: Id });

export const listStaff = defineCall({
  method: 'GET',
  path: '/api/staff',
  summary: "The organization's staff (a venue manager: the venue's), with role, duty and whether active",
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  answer: z.array(StaffMember),
  staleOn: ['staff.access.changed'],
});

export const updateStaffMember = defineCall({
  method: 'PATCH',
  path: '/api/staff/:id',
  summary: "Change a membership's role or floor duty",
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  params: ById,
  entity: 'Staff member',
  body: UpdateStaffMemberRequest,
  answer: StaffMember,
});

export const deactivateStaffMember = defineCall({
  method: 'POST',
  path: '/api/staff/:id/deactivate',
  summary: 'Deactivate a staff account in the organization: its sessions end at once, on every terminal and socket',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  params: ById,
  entity: 'Staff member',
  answer: StaffMember,
});

export const listInvitations = defineCall({
  method: 'GET',
  path: '/api/invitations',
  summary: 'Invitations not yet accepted or revoked, newest first',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  answer: z.array(Invitation),
});

export const createInvitation = defineCall({
  method: 'POST',
  path: '/api/invitations',
  summary: 'Invite someone by email with a role and duty; the link works for 7 days',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  body: CreateInvitationRequest,
  answer: Invitation,
  status: 201,
});

export const resendInvitation = defineCall({
  method: 'POST',
  path: '/api/invitations/:id/resend',
  summary: 'Send an invitation again with a new link and a new 7 days',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  params: ById,
  entity: 'Invitation',
  answer: Invitation,
});

export const revokeInvitation = defineCall({
  method: 'DELETE',
  path: '/api/invitations/:id',
  summary: 'Revoke an invitation: its link stops working',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_USERS',
  params: ById,
  entity: 'Invitation',
  answer: Invitation,
});

export const getInvitationPreview = defineCall({
  method: 'POST',
  path: '/api/invitations/preview',
  summary: 'What an invitation link offers (the token in the body, never in a URL the server logs)',
  audience: ['public'],
  tiers: ['cloud'],
  body: z.object({ token: z.string().max(200) }),
  answer: InvitationPreview,
});

export const acceptInvitation = defineCall({
  method: 'POST',
  path: '/api/invitations/accept',
  summary: 'Accept an invitation: set a name and password, and sign in',
  audience: ['public'],
  tiers: ['cloud'],
  body: AcceptInvitationRequest,
  answer: MeAnswer,
});

export const requestPasswordReset = defineCall({
  method: 'POST',
  path: '/api/auth/password-reset',
  summary: 'Email a password reset link; answers the same whether or not the address has an account',
  audience: ['public'],
  tiers: ['cloud'],
  body: PasswordResetRequest,
  answer: z.object({ sent: z.literal(true) }),
  status: 202,
});

export const confirmPasswordReset = defineCall({
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  summary: 'Set a new password from a reset link; every session of the account ends',
  audience: ['public'],
  tiers: ['cloud'],
  body: PasswordResetConfirm,
  answer: z.object({ success: z.literal(true) }),
});
