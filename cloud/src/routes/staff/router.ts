// Staff accounts (issue 24): the Staff screen's calls, and the public accept-invitation and
// password-reset pages' calls.
import {
  acceptInvitation as acceptInvitationCall,
  confirmPasswordReset as confirmPasswordResetCall,
  createInvitation as createInvitationCall,
  deactivateStaffMember as deactivateCall,
  getInvitationPreview,
  listInvitations as listInvitationsCall,
  listStaff as listStaffCall,
  requestPasswordReset as requestPasswordResetCall,
  resendInvitation as resendInvitationCall,
  revokeInvitation as revokeInvitationCall,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_TTL_MS,
  updateStaffMember as updateCall,
} from '@tablewise/shared';
import {
  acceptInvitation,
  confirmPasswordReset,
  createInvitation,
  deactivateStaffMember,
  listInvitations,
  listStaff,
  previewInvitation,
  requestPasswordReset,
  resendInvitation,
  revokeInvitation,
  updateStaffMember,
} from '../../commands/staff.js';
import type { AppDeps } from '../../context.js';
import { LocalMailbox } from '../../mail/mailer.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function staffRouter(appDeps: AppDeps): AppRouter {
  const router = newRouter();
  const deps = { ...appDeps, mail: appDeps.mail ?? new LocalMailbox() };

  serve(router, listStaffCall, ({ ctx }) => listStaff(deps, requireStaff(ctx)));
  serve(router, updateCall, async ({ ctx, params, body }) =>
    updateStaffMember(deps, requireStaff(ctx), params().id, await body()),
  );
  serve(router, deactivateCall, ({ ctx, params }) => deactivateStaffMember(deps, requireStaff(ctx), params().id));

  serve(router, listInvitationsCall, ({ ctx }) => listInvitations(deps, requireStaff(ctx)));
  serve(router, createInvitationCall, async ({ ctx, body }) => createInvitation(deps, requireStaff(ctx), await body()));
  serve(router, resendInvitationCall, ({ ctx, params }) => resendInvitation(deps, requireStaff(ctx), params().id));
  serve(router, revokeInvitationCall, ({ ctx, params }) => revokeInvitation(deps, requireStaff(ctx), params().id));

  serve(router, getInvitationPreview, async ({ body }) => previewInvitation(deps, (await body()).token));
  serve(router, acceptInvitationCall, async ({ ctx, body }) => {
    const result = await acceptInvitation(deps, await body());
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: STAFF_SESSION_TTL_MS,
      secure: ctx.secure,
      overwrite: true,
    });
    return result.me;
  });

  serve(router, requestPasswordResetCall, async ({ body }) => {
    await requestPasswordReset(deps, (await body()).email);
    return { sent: true as const };
  });
  serve(router, confirmPasswordResetCall, async ({ body }) => {
    await confirmPasswordReset(deps, await body());
    return { success: true as const };
  });

  return router;
}
