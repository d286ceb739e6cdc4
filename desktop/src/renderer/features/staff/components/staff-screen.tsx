// Staff (issue 24): invite someone by email with a role and duty, see the invitations waiting
// (resend, revoke), and the people who work here: change a role or duty, deactivate an account.
// The server decides who may do what (MANAGE_USERS, no role above one's own); this screen says
// what it answered.
import {
  CreateInvitationRequest,
  type Invitation,
  MEMBERSHIP_SCOPES,
  ORGANIZATION_ROLES,
  type Role,
  STAFF_DUTIES,
  type StaffDuty,
  type StaffMember,
  STAFF_ADMIN_TEXTS as T,
  VENUE_ROLES,
} from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { toastMessage } from '../../../app/api-client.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useToast } from '../../../components/toast.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useActOnInvitation } from '../api/act-on-invitation.js';
import { useDeactivateMember, useUpdateMember } from '../api/change-member.js';
import { useInvitations } from '../api/get-invitations.js';
import { useStaff } from '../api/get-staff.js';
import { useInvite } from '../api/invite.js';

type Scope = (typeof MEMBERSHIP_SCOPES)[number];
const rolesOf = (scope: Scope): readonly Role[] => (scope === 'ORGANIZATION' ? ORGANIZATION_ROLES : VENUE_ROLES);
const nameOf = (m: StaffMember) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

function InviteForm() {
  const invite = useInvite();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<Scope>('VENUE');
  const [role, setRole] = useState<Role>('STAFF');
  const [duty, setDuty] = useState<StaffDuty | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateInvitationRequest.safeParse({ email, role, scope, duty: duty || null });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast({ title: T.invited(sent.email) });
        setEmail('');
      },
      onError: (error) => setProblem(toastMessage(error, error.message)),
    });
  };

  return (
    <form className="staff-card staff-invite" onSubmit={submit} aria-labelledby="invite-title" noValidate>
      <h2 id="invite-title">{T.inviteTitle}</h2>
      <div className="staff-fields">
        <label>
          {T.email}
          <input data-testid="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {T.scope}
          <select
            data-testid="invite-scope"
            value={scope}
            onChange={(e) => {
              const next = e.target.value as Scope;
              setScope(next);
              if (!rolesOf(next).includes(role)) setRole('STAFF');
            }}
          >
            {MEMBERSHIP_SCOPES.map((s) => (
              <option key={s} value={s}>
                {T.scopeLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.role}
          <select data-testid="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {rolesOf(scope).map((r) => (
              <option key={r} value={r}>
                {T.roleLabels[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.duty}
          <select data-testid="invite-duty" value={duty} onChange={(e) => setDuty(e.target.value as StaffDuty | '')}>
            <option value="">{T.noDuty}</option>
            {STAFF_DUTIES.map((d) => (
              <option key={d} value={d}>
                {T.dutyLabels[d]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem && (
        <p className="form-error" role="alert" data-testid="invite-error">
          {problem}
        </p>
      )}
      <button data-testid="invite-submit" type="submit" className="button primary" disabled={invite.isPending}>
        {invite.isPending ? T.inviting : T.invite}
      </button>
    </form>
  );
}

function Invitations() {
  const invitations = useInvitations();
  const act = useActOnInvitation();
  const { toast } = useToast();
  const clock = useVenueClock();
  const run = (invitation: Invitation, action: 'resend' | 'revoke') =>
    act.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () => toast({ title: action === 'resend' ? T.resent(invitation.email) : T.revoked }),
        onError: (error) => toast({ title: toastMessage(error, error.message), variant: 'destructive' }),
      },
    );
  return (
    <section className="staff-card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{T.invitationsTitle}</h2>
      {invitations.data?.length === 0 && <p className="muted">{T.noInvitations}</p>}
      {invitations.isError && <p className="form-error">{invitations.error.message}</p>}
      <ul className="staff-list">
        {invitations.data?.map((i) => (
          <li key={i.id} className="staff-row" data-testid="invitation-row">
            <div className="staff-who">
              <strong>{i.email}</strong>
              <span className="muted">
                {T.roleLabels[i.role]}
                {i.duty ? ` · ${T.dutyLabels[i.duty]}` : ''} · {i.venueName ?? T.orgWide}
              </span>
              <span className="muted">
                {i.status === 'EXPIRED' ? (
                  <span className="badge">{T.expired}</span>
                ) : (
                  T.expires(clock(i.expiresAt, { withDate: true }))
                )}
              </span>
            </div>
            <div className="staff-actions">
              <button type="button" className="button" onClick={() => run(i, 'resend')} disabled={act.isPending}>
                {T.resend}
              </button>
              <button type="button" className="button" onClick={() => run(i, 'revoke')} disabled={act.isPending}>
                {T.revoke}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const update = useUpdateMember();
  const deactivate = useDeactivateMember();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const roles = member.scope === 'ORGANIZATION' ? ORGANIZATION_ROLES : VENUE_ROLES;
  const failed = (error: Error) => toast({ title: toastMessage(error, error.message), variant: 'destructive' });
  return (
    <li className="staff-row" data-testid="staff-row">
      <div className="staff-who">
        <strong>{nameOf(member)}</strong>
        <span className="muted">
          {member.email} · {member.venueName ?? T.orgWide}
        </span>
        <span>
          <span className={`badge ${member.active ? 'badge-ok' : ''}`}>{member.active ? T.active : T.deactivated}</span>
        </span>
      </div>
      <div className="staff-actions">
        <label className="staff-inline">
          <span className="sr-only">{T.role}</span>
          <select
            aria-label={`${T.role}: ${nameOf(member)}`}
            value={member.role}
            disabled={!member.active || update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: member.id, role: e.target.value as Role },
                { onSuccess: () => toast({ title: T.saved }), onError: failed },
              )
            }
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {T.roleLabels[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-inline">
          <span className="sr-only">{T.duty}</span>
          <select
            aria-label={`${T.duty}: ${nameOf(member)}`}
            value={member.duty ?? ''}
            disabled={!member.active || update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: member.id, duty: (e.target.value || null) as StaffDuty | null },
                { onSuccess: () => toast({ title: T.saved }), onError: failed },
              )
            }
          >
            <option value="">{T.noDuty}</option>
            {STAFF_DUTIES.map((d) => (
              <option key={d} value={d}>
                {T.dutyLabels[d]}
              </option>
            ))}
          </select>
        </label>
        {member.active && (
          <button
            type="button"
            className="button danger"
            disabled={deactivate.isPending}
            onClick={() => setAsking(true)}
          >
            {T.deactivate}
          </button>
        )}
        {asking && (
          <ConfirmDialog
            question={T.deactivateConfirm(nameOf(member))}
            action={T.deactivate}
            danger
            busy={deactivate.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              deactivate.mutate(member.id, {
                onSuccess: () => {
                  setAsking(false);
                  toast({ title: T.deactivated });
                },
                onError: (error) => {
                  setAsking(false);
                  failed(error);
                },
              })
            }
          />
        )}
      </div>
    </li>
  );
}

/** Accounts live in the cloud: on a terminal the shell says the screen needs it (screenNeedsCloud). */
export function StaffScreen() {
  return <StaffPanels />;
}

function StaffPanels() {
  const staff = useStaff();
  return (
    <section className="staff-screen">
      <div className="page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.subtitle}</p>
        </div>
      </div>
      <div className="staff-columns">
        <div className="staff-column">
          <InviteForm />
          <Invitations />
        </div>
        <section className="staff-card" aria-labelledby="people-title">
          <h2 id="people-title">{T.staffTitle}</h2>
          {staff.data?.length === 0 && <p className="muted">{T.noStaff}</p>}
          {staff.isError && <p className="form-error">{staff.error.message}</p>}
          <ul className="staff-list">
            {staff.data?.map((m) => (
              <MemberRow key={m.id} member={m} />
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
