// Venue management (spec 3 sections 2 and 5; issue 24): the venues of the organizations the member
// administers; create (organization, name, address, time zone, place) and edit, where the venue's
// settings are too: whether it is active, its tax rate, service charge and currency.
import {
  type Organization,
  VENUE_SETTINGS_TEXTS as S,
  VENUE_ADMIN_TEXTS as T,
  timeZoneChoices,
  type VenueRecord,
  venueChangeProblem,
  venueInputProblem,
} from '@tablewise/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useOrganizations } from '../api/organizations.js';
import { useSaveVenue, useVenues } from '../api/venues.js';
import { errorText } from './error-text.js';
import { PairTerminalPanel } from './pair-terminal-panel.js';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const percentOf = (bps: number) => String(bps / 100);

function VenueDialog({
  venue,
  organizations,
  onClose,
}: {
  venue: VenueRecord | null;
  organizations: readonly Organization[];
  onClose: () => void;
}) {
  const save = useSaveVenue();
  const zones = useMemo(() => timeZoneChoices(), []);
  const [v, setV] = useState({
    organizationId: venue?.organizationId ?? (organizations.length === 1 ? (organizations[0]?.id ?? '') : ''),
    name: venue?.name ?? '',
    address: venue?.address ?? '',
    timezone: venue?.timezone ?? 'UTC',
    latitude: venue?.latitude == null ? '' : String(venue.latitude),
    longitude: venue?.longitude == null ? '' : String(venue.longitude),
    isActive: venue?.isActive ?? true,
    taxRate: percentOf(venue?.taxRateBps ?? 875),
    serviceCharge: percentOf(venue?.serviceChargeBps ?? 0),
    currency: venue?.currency ?? 'USD',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      name: v.name,
      address: v.address || null,
      timezone: v.timezone,
      latitude: numberOrNull(v.latitude),
      longitude: numberOrNull(v.longitude),
    };
    if (venue === null) {
      const found = venueInputProblem({ ...fields, organizationId: v.organizationId });
      setProblem(found);
      if (!found)
        save.mutate({ id: null, body: { ...fields, organizationId: v.organizationId } }, { onSuccess: onClose });
      return;
    }
    const change = {
      ...fields,
      isActive: v.isActive,
      taxRatePercent: Number(v.taxRate),
      serviceChargePercent: Number(v.serviceCharge),
      currency: v.currency.trim().toUpperCase(),
    };
    const found = venueChangeProblem(change);
    setProblem(found);
    if (!found) save.mutate({ id: venue.id, body: change }, { onSuccess: onClose });
  };
  const shown = problem ?? (save.isError ? errorText(save.error) : null);
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="venue-dialog-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="venue-dialog-title">{venue ? T.editTitle : T.createTitle}</h2>
        {venue === null && (
          <label>
            {T.organization}
            <select data-testid="venue-organization" value={v.organizationId} onChange={set('organizationId')}>
              <option value="">{T.selectOrganization}</option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({o.plan})
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {T.name}
          <input data-testid="venue-name" value={v.name} onChange={set('name')} />
        </label>
        <label>
          {T.address}
          <input value={v.address} onChange={set('address')} />
        </label>
        <label>
          {T.timezone}
          <select value={v.timezone} onChange={set('timezone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
        <div className="form-row">
          <label>
            {T.latitude}
            <input inputMode="decimal" value={v.latitude} onChange={set('latitude')} />
          </label>
          <label>
            {T.longitude}
            <input inputMode="decimal" value={v.longitude} onChange={set('longitude')} />
          </label>
        </div>
        {venue !== null && (
          <>
            <div className="form-row">
              <label>
                {S.taxRate}
                <input data-testid="venue-tax" inputMode="decimal" value={v.taxRate} onChange={set('taxRate')} />
              </label>
              <label>
                {S.serviceCharge}
                <input inputMode="decimal" value={v.serviceCharge} onChange={set('serviceCharge')} />
              </label>
            </div>
            <label>
              {S.currency}
              <input maxLength={3} value={v.currency} onChange={set('currency')} />
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={v.isActive}
                onChange={(e) => setV({ ...v, isActive: e.target.checked })}
              />
              {T.isActive}
            </label>
          </>
        )}
        {shown && (
          <p className="form-error" role="alert" data-testid="venue-error">
            {shown}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} data-testid="venue-submit">
            {venue ? (save.isPending ? T.updating : T.updateSubmit) : save.isPending ? T.creating : T.createSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}

export function VenuesScreen() {
  const venues = useVenues();
  const organizations = useOrganizations();
  const [editing, setEditing] = useState<VenueRecord | null | undefined>(undefined);
  const orgName = (id: string) => organizations.data?.find((o) => o.id === id)?.name ?? '';
  return (
    <div className="page" data-testid="admin-venues">
      <div className="page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.subtitle}</p>
        </div>
        <div className="page-head-actions">
          <button type="button" className="button primary" onClick={() => setEditing(null)} data-testid="venue-create">
            {T.create}
          </button>
        </div>
      </div>
      {venues.isPending && <p className="muted">{T.loading}</p>}
      {venues.isError && (
        <p className="form-error" role="alert">
          {errorText(venues.error)}
        </p>
      )}
      {venues.data?.length === 0 && <p className="empty">{T.empty}</p>}
      {venues.data && venues.data.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{T.name}</th>
              <th>{T.organization}</th>
              <th>{T.timezone}</th>
              <th>{S.taxRate}</th>
              <th>{T.active}</th>
              <th>
                <span className="sr-only">{T.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {venues.data.map((v) => (
              <tr key={v.id} data-testid="venue-row">
                <td>
                  <strong>{v.name}</strong>
                  {v.address && <div className="muted">{v.address}</div>}
                </td>
                <td data-label={T.organization}>{orgName(v.organizationId)}</td>
                <td data-label={T.timezone}>{v.timezone}</td>
                <td data-label={S.taxRate}>{percentOf(v.taxRateBps)}%</td>
                <td data-label={T.active}>
                  <span className="badge">{v.isActive ? T.active : T.inactive}</span>
                </td>
                <td>
                  <button type="button" className="button" onClick={() => setEditing(v)}>
                    {T.edit}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PairTerminalPanel />
      {editing !== undefined && (
        <VenueDialog venue={editing} organizations={organizations.data ?? []} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
