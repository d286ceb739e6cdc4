// What the staff and invitation calls carry (issue 24): who works for the organization, in which
// role and duty, and the invitations a manager has sent.
import { z } from 'zod';
import { STAFF_DUTIES } from '../../constants.js';
import { MESSAGES } from '../../messages.js';
import { boundedText, Id, IsoDateTime } from '../../schemas/common.js';

/** The roles an organization-wide membership may hold, and a venue's (spec 1 section 4). */
export const ORGANIZATION_ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'STAFF'] as const;
export const VENUE_ROLES = ['MANAGER', 'ASSISTANT_MANAGER', 'STAFF'] as const;
export const MEMBERSHIP_SCOPES = ['ORGANIZATION', 'VENUE'] as const;
/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;

/** @internal */
export const Email = boundedText(254)
  .min(1, { error: MESSAGES.emailRequired })
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const NewPassword = boundedText(256, { trim: false }).min(PASSWORD_MIN_LENGTH, {
  error: MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
});

const Duty = z.enum(STAFF_DUTIES, { error: MESSAGES.dutyInvalid });
const AnyRole = z.enum([...ORGANIZATION_ROLES, 'ASSISTANT_MANAGER'], { error: MESSAGES.roleInvalid });

/** The role must be one its scope has: OWNER and ADMIN are organization-wide, ASSISTANT_MANAGER
 * a venue's. */
function roleFitsScope(value: { scope: (typeof MEMBERSHIP_SCOPES)[number]; role: string }): boolean {
  const allowed: readonly string[] = value.scope === 'ORGANIZATION' ? ORGANIZATION_ROLES : VENUE_ROLES;
  return allowed.includes(value.role);
}

export const CreateInvitationRequest = z
  .object({
    email: Email,
    role: AnyRole,
    scope: z.enum(MEMBERSHIP_SCOPES, { error: MESSAGES.scopeInvalid }).default('VENUE'),
    duty: Duty.nullish().transform((d) => d ?? null),
  })
  .refine(roleFitsScope, { error: MESSAGES.roleNotInScope, path: ['role'] });
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

/** @internal */
export const INVITATION_STATUSES = ['PENDING', 'EXPIRED', 'ACCEPTED', 'REVOKED'] as const;

export const Invitation = z.object({
  id: Id,
  email: z.string(),
  role: AnyRole,
  scope: z.enum(MEMBERSHIP_SCOPES),
  venueId: Id.nullable(),
  venueName: z.string().nullable(),
  duty: Duty.nullable(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: IsoDateTime,
  sentAt: IsoDateTime,
  invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof Invitation>;

/** What the accept page shows before the person sets a name and password. */
export const InvitationPreview = z.object({
  email: z.string(),
  organizationName: z.string(),
  venueName: z.string().nullable(),
  role: AnyRole,
  duty: Duty.nullable(),
  /** An account with this email exists: accepting asks for its password instead of a new one. */
  existingAccount: z.boolean(),
});

export const AcceptInvitationRequest = z.object({
  token: boundedText(200).min(1, { error: MESSAGES.invitationInvalid }),
  firstName: boundedText(100).min(1, { error: MESSAGES.firstNameRequired }),
  lastName: boundedText(100).default(''),
  password: NewPassword,
});

export const StaffMember = z.object({
  /** The membership (user_roles row). */
  id: Id,
  userId: Id,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: AnyRole,
  scope: z.enum(MEMBERSHIP_SCOPES),
  venueId: Id.nullable(),
  venueName: z.string().nullable(),
  duty: Duty.nullable(),
  active: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const UpdateStaffMemberRequest = z
  .object({ role: AnyRole.optional(), duty: Duty.nullable().optional() })
  .refine((v) => v.role !== undefined || v.duty !== undefined, { error: MESSAGES.nothingToChange });

export const PasswordResetRequest = z.object({ email: Email });
export const PasswordResetConfirm = z.object({
  token: boundedText(200).min(1, { error: MESSAGES.resetLinkInvalid }),
  password: NewPassword,
});
