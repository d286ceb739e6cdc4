// Texts of the staff accounts screens and mails (issue 24): the Staff screen, the accept-invitation
// and reset-password pages, and the mails that carry their links.

const ROLE_LABELS = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  ASSISTANT_MANAGER: 'Assistant manager',
  STAFF: 'Staff',
} as const;

const DUTY_LABELS = {
  HOST: 'Host',
  SERVER: 'Server',
  KITCHEN: 'Kitchen',
  RUNNER: 'Runner',
  CLEANER: 'Cleaner',
} as const;

export const STAFF_ADMIN_TEXTS = {
  title: 'Staff',
  subtitle: 'Invite people, set their role and duty, and close accounts',
  roleLabels: ROLE_LABELS,
  dutyLabels: DUTY_LABELS,
  noDuty: 'Every floor screen',
  scopeLabels: { ORGANIZATION: 'Whole organization', VENUE: 'This venue' },
  inviteTitle: 'Invite someone',
  email: 'Email',
  role: 'Role',
  scope: 'Works at',
  duty: 'Duty',
  invite: 'Send invitation',
  inviting: 'Sending…',
  invited: (email: string) => `Invitation sent to ${email}`,
  invitationsTitle: 'Invitations',
  noInvitations: 'No invitations waiting',
  staffTitle: 'People',
  noStaff: 'No staff yet',
  resend: 'Resend',
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoke: 'Revoke',
  revoked: 'Invitation revoked',
  expires: (when: string) => `Link works until ${when}`,
  expired: 'Expired',
  sent: (when: string) => `Sent ${when}`,
  deactivate: 'Deactivate',
  deactivateConfirm: (name: string) => `Deactivate ${name}? They are signed out everywhere at once.`,
  deactivated: 'Deactivated',
  active: 'Active',
  save: 'Save',
  saved: 'Saved',
  you: '(you)',
  orgWide: 'Organization',
} as const;

export const ACCEPT_INVITATION_TEXTS = {
  title: 'Join your team',
  intro: (org: string, role: string, where: string) => `You are invited to ${org} as ${role}${where}.`,
  at: (venue: string) => ` at ${venue}`,
  firstName: 'First name',
  lastName: 'Last name',
  password: 'Choose a password',
  existingPassword: 'Your password',
  passwordHint: (min: number) => `At least ${min} characters`,
  submit: 'Accept and sign in',
  submitting: 'Joining…',
  checking: 'Checking your invitation…',
  missingToken: 'This page needs the link from your invitation email.',
} as const;

export const RESET_PASSWORD_TEXTS = {
  requestTitle: 'Forgot your password?',
  requestIntro: 'Enter your email and we will send you a link to choose a new password.',
  email: 'Email',
  send: 'Send reset link',
  sending: 'Sending…',
  sent: 'If an account uses that email, a reset link is on its way. It works for one hour.',
  title: 'Choose a new password',
  password: 'New password',
  submit: 'Set password',
  submitting: 'Saving…',
  done: 'Your password is changed. Sign in with it now.',
  signIn: 'Go to sign in',
  forgot: 'Forgot password?',
} as const;

export const MAIL_TEXTS = {
  invitationSubject: (org: string) => `You're invited to join ${org} on Tablewise`,
  invitationBody: (input: { org: string; role: string; venue: string | null; link: string; inviter: string | null }) =>
    [
      `${input.inviter ?? 'Your manager'} invited you to ${input.org} as ${input.role}${input.venue ? ` at ${input.venue}` : ''}.`,
      '',
      `Accept the invitation and choose your password here (the link works for 7 days):`,
      input.link,
      '',
      'If you did not expect this, you can ignore this mail.',
    ].join('\n'),
  resetSubject: 'Reset your Tablewise password',
  resetBody: (link: string) =>
    [
      'Someone asked to reset the password of your Tablewise account.',
      '',
      'Choose a new password here (the link works for one hour, once):',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
} as const;
