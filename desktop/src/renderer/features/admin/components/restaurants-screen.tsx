// Restaurant Profiles (spec 3 section 2): cards, a detail panel for the selected one, create and
// edit dialogs, and the logo upload (one image, at most 5242880 bytes) through the menu photos'
// signed upload.
import {
  IMAGE_UPLOAD,
  MESSAGES,
  type Organization,
  profileInitials,
  type RestaurantProfile,
  restaurantInputProblem,
  RESTAURANT_PROFILE_TEXTS as T,
  type VenueRecord,
} from '@tablewise/shared';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useVenueDay } from '../../../components/use-venue-clock.js';
import { useOrganizations } from '../api/organizations.js';
import { useRestaurants, useSaveRestaurant, useUploadLogo } from '../api/restaurants.js';
import { useVenues } from '../api/venues.js';
import { errorText } from './error-text.js';

function Avatar({ profile, large = false }: { profile: RestaurantProfile; large?: boolean }) {
  return (
    <span className={`avatar${large ? ' large' : ''}`} aria-hidden={profile.logoUrl ? undefined : true}>
      {profile.logoUrl ? (
        <img src={profile.logoUrl} alt={`${profile.name} ${T.logo}`} />
      ) : (
        profileInitials(profile.name)
      )}
    </span>
  );
}

function ProfileDialog({
  profile,
  organizations,
  venues,
  onClose,
}: {
  profile: RestaurantProfile | null;
  organizations: readonly Organization[];
  venues: readonly VenueRecord[];
  onClose: () => void;
}) {
  const save = useSaveRestaurant();
  const [v, setV] = useState({
    organizationId: profile?.organizationId ?? (organizations.length === 1 ? (organizations[0]?.id ?? '') : ''),
    venueId: profile?.venueId ?? '',
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    phone: profile?.phone ?? '',
    email: profile?.email ?? '',
    website: profile?.website ?? '',
    isActive: profile?.isActive ?? true,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  // The venue selector offers only the chosen organization's venues.
  const offered = venues.filter((venue) => venue.organizationId === v.organizationId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, venueId: v.venueId || null };
    const found = restaurantInputProblem(body);
    setProblem(found);
    if (!found) save.mutate({ id: profile?.id ?? null, body }, { onSuccess: onClose });
  };
  const shown = problem ?? (save.isError ? errorText(save.error) : null);
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="profile-dialog-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="profile-dialog-title">{profile ? T.editTitle : T.createTitle}</h2>
        <label>
          {T.organization}
          <select
            data-testid="profile-organization"
            value={v.organizationId}
            onChange={(e) => setV({ ...v, organizationId: e.target.value, venueId: '' })}
          >
            <option value="">{T.selectOrganization}</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {T.organizationOption(o.name, o.plan)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.venue}
          <select data-testid="profile-venue" value={v.venueId} onChange={set('venueId')}>
            <option value="">{T.noVenue}</option>
            {offered.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.name}
          <input data-testid="profile-name" value={v.name} onChange={set('name')} />
        </label>
        <label>
          {T.description}
          <textarea rows={3} value={v.description} onChange={set('description')} />
        </label>
        <div className="form-row">
          <label>
            {T.phone}
            <input type="tel" value={v.phone} onChange={set('phone')} />
          </label>
          <label>
            {T.email}
            <input type="email" value={v.email} onChange={set('email')} />
          </label>
        </div>
        <label>
          {T.website}
          <input type="url" placeholder="https://" value={v.website} onChange={set('website')} />
        </label>
        {profile && (
          <label className="check">
            <input type="checkbox" checked={v.isActive} onChange={(e) => setV({ ...v, isActive: e.target.checked })} />
            {T.isActive}
          </label>
        )}
        {shown && (
          <p className="form-error" role="alert" data-testid="profile-error">
            {shown}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} data-testid="profile-submit">
            {profile ? (save.isPending ? T.updating : T.updateSubmit) : save.isPending ? T.creating : T.createSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}

function Detail({
  profile,
  organization,
  venue,
  onEdit,
}: {
  profile: RestaurantProfile;
  organization: Organization | undefined;
  venue: VenueRecord | undefined;
  onEdit: () => void;
}) {
  const upload = useUploadLogo();
  const day = useVenueDay();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = e.target.files;
    const file = files?.[0];
    e.target.value = '';
    if (!file) return;
    if ((files?.length ?? 0) > IMAGE_UPLOAD.maxFiles || !file.type.startsWith('image/')) {
      setProblem(MESSAGES.invalidImageFile);
      return;
    }
    if (file.size > IMAGE_UPLOAD.maxBytes) {
      setProblem(MESSAGES.fileTooLarge(IMAGE_UPLOAD.maxMegabytes));
      return;
    }
    setProblem(null);
    upload.mutate({ id: profile.id, file });
  };
  const shown = problem ?? (upload.isError ? errorText(upload.error) : null);
  return (
    <section className="profile-detail" aria-label={profile.name} data-testid="profile-detail">
      <div className="profile-card-head">
        <Avatar profile={profile} large />
        <div className="profile-card-name">
          <h2 style={{ margin: 0 }}>{profile.name}</h2>
          {organization && <span className="badge">{organization.name}</span>}
        </div>
      </div>
      <div>
        <input ref={input} type="file" accept="image/*" hidden onChange={choose} data-testid="logo-input" />
        <button type="button" className="button" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? T.uploading : T.uploadLogo}
        </button>
        {shown && (
          <p className="form-error" role="alert">
            {shown}
          </p>
        )}
      </div>
      <div>
        <h3>{T.description}</h3>
        <p className="muted">{profile.description || T.noDescription}</p>
      </div>
      <div>
        <h3>{T.contact}</h3>
        <dl>
          <dt>{T.phone}</dt>
          <dd>{profile.phone || T.noPhone}</dd>
          <dt>{T.email}</dt>
          <dd>{profile.email || T.noEmail}</dd>
          <dt>{T.website}</dt>
          <dd>
            {profile.website ? (
              <a href={profile.website} target="_blank" rel="noopener noreferrer">
                {profile.website}
              </a>
            ) : (
              T.noWebsite
            )}
          </dd>
        </dl>
      </div>
      <div>
        <h3>{T.location}</h3>
        <p className="muted">{profile.venueId ? (venue?.name ?? T.unknownVenue) : T.noVenue}</p>
      </div>
      <div>
        <h3>{T.status}</h3>
        <dl>
          <dt>{T.status}</dt>
          <dd>
            <span className="badge">{profile.isActive ? T.active : T.inactive}</span>
          </dd>
          <dt>{T.created}</dt>
          <dd>{day(profile.createdAt)}</dd>
          <dt>{T.updated}</dt>
          <dd>{day(profile.updatedAt)}</dd>
        </dl>
      </div>
      <div className="row-actions">
        <button type="button" className="button" onClick={onEdit}>
          {T.editProfile}
        </button>
        <a
          className="button primary"
          href={`/marketplace/restaurant/${profile.id}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {T.viewPublic}
        </a>
      </div>
    </section>
  );
}

export function RestaurantsScreen() {
  const restaurants = useRestaurants();
  const organizations = useOrganizations();
  const venues = useVenues();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<RestaurantProfile | null | undefined>(undefined);
  const orgOf = (id: string) => organizations.data?.find((o) => o.id === id);
  const venueOf = (id: string | null) => (id ? venues.data?.find((v) => v.id === id) : undefined);
  const selected = restaurants.data?.find((r) => r.id === selectedId);
  return (
    <div className="page" data-testid="admin-restaurants">
      <div className="page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.subtitle}</p>
        </div>
        <div className="page-head-actions">
          <button
            type="button"
            className="button primary"
            onClick={() => setEditing(null)}
            data-testid="profile-create"
          >
            {T.create}
          </button>
        </div>
      </div>
      {restaurants.isPending && <p className="muted">{T.loading}</p>}
      {restaurants.isError && (
        <p className="form-error" role="alert">
          {errorText(restaurants.error)}
        </p>
      )}
      {restaurants.data?.length === 0 && (
        <div className="empty">
          <p>{T.empty}</p>
          <button type="button" className="button primary" onClick={() => setEditing(null)}>
            {T.createFirst}
          </button>
        </div>
      )}
      {restaurants.data && restaurants.data.length > 0 && (
        <div className="profiles">
          <div className="profile-cards">
            {restaurants.data.map((r) => {
              const venue = venueOf(r.venueId);
              return (
                // biome-ignore lint/a11y/useSemanticElements: a card holds a button of its own (Edit)
                <div
                  key={r.id}
                  role="button"
                  tabIndex={0}
                  aria-pressed={r.id === selectedId}
                  className={`profile-card${r.id === selectedId ? ' selected' : ''}`}
                  data-testid="profile-card"
                  onClick={() => setSelectedId(r.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setSelectedId(r.id);
                    }
                  }}
                >
                  <div className="profile-card-head">
                    <Avatar profile={r} />
                    <span className="profile-card-name">{r.name}</span>
                    <button
                      type="button"
                      className="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(r);
                      }}
                    >
                      {T.edit}
                    </button>
                  </div>
                  {orgOf(r.organizationId) && (
                    <span className="badge" style={{ justifySelf: 'start' }}>
                      {orgOf(r.organizationId)?.name}
                    </span>
                  )}
                  {r.description && <p className="clamp-2">{r.description}</p>}
                  <div className="profile-meta">
                    {r.phone && <span>{r.phone}</span>}
                    {r.email && <span>{r.email}</span>}
                    {r.website && <span>{T.website}</span>}
                    {venue && <span>{venue.name}</span>}
                  </div>
                </div>
              );
            })}
          </div>
          {selected ? (
            <Detail
              profile={selected}
              organization={orgOf(selected.organizationId)}
              venue={venueOf(selected.venueId)}
              onEdit={() => setEditing(selected)}
            />
          ) : (
            <p className="profile-detail muted">{T.selectRestaurant}</p>
          )}
        </div>
      )}
      {editing !== undefined && (
        <ProfileDialog
          profile={editing}
          organizations={organizations.data ?? []}
          venues={venues.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}
