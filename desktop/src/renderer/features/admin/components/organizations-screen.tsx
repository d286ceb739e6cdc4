// Organization management (spec 3 sections 2 and 5; issue 24): the organizations the member
// administers, with their plans, and create and edit.
import {
  exportOrganization,
  type Organization,
  organizationInputProblem,
  PLAN_LIMITS,
  PLANS,
  type Plan,
  planOf,
  ORGANIZATION_ADMIN_TEXTS as T,
} from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { useMe } from '../../../api/get-me.js';
import { useVenueDay } from '../../../components/use-venue-clock.js';
import { useOrganizations, useOrganizationUsage, useSaveOrganization } from '../api/organizations.js';
import { errorText } from './error-text.js';

function OrganizationDialog({ organization, onClose }: { organization: Organization | null; onClose: () => void }) {
  const save = useSaveOrganization();
  const [name, setName] = useState(organization?.name ?? '');
  const [plan, setPlan] = useState<Plan>(organization ? planOf(organization.plan) : 'FREE');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = organizationInputProblem({ name });
    setProblem(found);
    if (found) return;
    save.mutate({ id: organization?.id ?? null, body: { name, plan } }, { onSuccess: onClose });
  };
  const shown = problem ?? (save.isError ? errorText(save.error) : null);
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="org-dialog-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="org-dialog-title">{organization ? T.editTitle : T.createTitle}</h2>
        <label>
          {T.name}
          <input data-testid="org-name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {T.plan}
          <select data-testid="org-plan" value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {p} — {T.limits(PLAN_LIMITS[p].venues, PLAN_LIMITS[p].tables)}
              </option>
            ))}
          </select>
        </label>
        {shown && (
          <p className="form-error" role="alert" data-testid="org-error">
            {shown}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} data-testid="org-submit">
            {organization
              ? save.isPending
                ? T.updating
                : T.updateSubmit
              : save.isPending
                ? T.creating
                : T.createSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}

/** This month's usage of one organization (issue 24). */
function UsageCell({ id }: { id: string }) {
  const usage = useOrganizationUsage(id);
  const month = usage.data?.[0];
  return (
    <td data-label={T.usage} data-testid="org-usage">
      {month ? T.usageLine(month.ordersClosed, month.apiCalls, month.storageUsedMb) : '—'}
    </td>
  );
}

export function OrganizationsScreen() {
  const organizations = useOrganizations();
  const me = useMe();
  const day = useVenueDay();
  const [editing, setEditing] = useState<Organization | null | undefined>(undefined);
  return (
    <div className="page" data-testid="admin-organizations">
      <div className="page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.subtitle}</p>
        </div>
        <div className="page-head-actions">
          <button type="button" className="button primary" onClick={() => setEditing(null)} data-testid="org-create">
            {T.create}
          </button>
        </div>
      </div>
      {organizations.isPending && <p className="muted">{T.loading}</p>}
      {organizations.isError && (
        <p className="form-error" role="alert">
          {errorText(organizations.error)}
        </p>
      )}
      {organizations.data?.length === 0 && <p className="empty">{T.empty}</p>}
      {organizations.data && organizations.data.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{T.name}</th>
              <th>{T.plan}</th>
              <th>{T.venues}</th>
              <th>{T.createdAt}</th>
              <th>{T.usage}</th>
              <th>
                <span className="sr-only">{T.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {organizations.data.map((o) => (
              <tr key={o.id} data-testid="org-row">
                <td>
                  <strong>{o.name}</strong>
                </td>
                <td data-label={T.plan}>
                  <span className="badge">{o.plan}</span>
                </td>
                <td data-label={T.venues}>{o.venueCount}</td>
                <td data-label={T.createdAt}>{day(o.createdAt)}</td>
                <UsageCell id={o.id} />
                <td>
                  <div className="row-actions">
                    <button type="button" className="button" onClick={() => setEditing(o)}>
                      {T.edit}
                    </button>
                    {/* The owner's download: a plain link, the browser saves the zip as it streams. */}
                    {me.data && o.ownerId === me.data.user.id && (
                      <a
                        className="button"
                        href={exportOrganization.url({ id: o.id })}
                        download
                        title={T.exportHint}
                        data-testid="org-export"
                      >
                        {T.exportData}
                      </a>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing !== undefined && <OrganizationDialog organization={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
