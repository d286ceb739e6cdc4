// Guest check-in (spec 3 section 2): the form QR and walk-in guests fill in. The table and venue
// come from the QR link, or from the QR context this phone remembered; the page names them, as
// the cloud answers for the code's token.
// It is most guests' first page, so it imports shared by subpath and loads the call's zod schemas
// only when the guest starts on the form (api/checkin.ts; issue 8, P6).
import { OCCASION_LABELS, OCCASIONS } from '@tablewise/shared/constants';
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { CHECKIN_FAILED } from '@tablewise/shared/page-titles';
import {
  type CheckinContext,
  checkinDestination,
  partySizeChoices,
  partySizeLabel,
  resolveCheckinContext,
} from '@tablewise/shared/rules/guest-checkin';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../../app/hydration.js';
import { readRaw, remove, STORAGE_KEYS, storeSessionId, writeJson, writeRaw } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { newUuid } from '../../../app/uuid.js';
import { loadCheckinCall, useCheckIn } from '../api/checkin.js';
import { useCheckinPlace } from '../api/checkin-place.js';

type Occasion = (typeof OCCASIONS)[number];
type FieldErrors = Partial<Record<string, string>>;

const NOT_YET_READ: CheckinContext = { context: {}, dropStored: false };

export function CheckinPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const checkIn = useCheckIn();

  // The page comes prerendered with no context (the build knows no QR code); the QR link's context
  // is read once React has taken the markup over, so that the two match.
  const hydrated = useHydrated();
  const resolved = useMemo(
    () =>
      hydrated
        ? resolveCheckinContext(
            { tableId: params.get('tableId'), venueId: params.get('venueId'), token: params.get('token') },
            readRaw(STORAGE_KEYS.qrContext),
          )
        : NOT_YET_READ,
    [hydrated, params],
  );
  const context = resolved.context;
  // Remember the QR context so a reload, or a guest who wanders off and comes back, keeps the table.
  useEffect(() => {
    if (resolved.dropStored) remove(STORAGE_KEYS.qrContext);
    else if (resolved.context.tableId || resolved.context.venueId) writeJson(STORAGE_KEYS.qrContext, resolved.context);
    if (resolved.context.token) writeRaw(STORAGE_KEYS.qrToken, resolved.context.token);
  }, [resolved]);

  // The table and venue the code names, asked once the page knows the code (a few hundred ms).
  const place = useCheckinPlace();
  const askedPlace = useRef<string | null>(null);
  const askPlace = place.mutate;
  useEffect(() => {
    const { token, tableId } = context;
    if (!token || askedPlace.current === token) return;
    askedPlace.current = token;
    askPlace({ token, tableId });
  }, [context, askPlace]);

  const [guestName, setGuestName] = useState('');
  const [phone, setPhone] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [partySize, setPartySize] = useState(2);
  const [occasion, setOccasion] = useState<Occasion>('none');
  const [needsAccessibility, setNeedsAccessibility] = useState(false);
  const [needsHighChair, setNeedsHighChair] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  const failed = (description: string) => toast({ title: CHECKIN_FAILED.title, description, variant: 'destructive' });

  const submit = (call: Awaited<ReturnType<typeof loadCheckinCall>>) => {
    const checked = call.validateCheckin({
      guestName,
      phone: phone.trim() ? phone : undefined,
      guestEmail,
      partySize,
      occasion,
      needsAccessibility,
      needsHighChair,
      tableId: context.tableId,
      venueId: context.venueId,
      token: context.token,
    });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // The same form pressed again after a lost answer must not seat the party twice.
    const fingerprint = JSON.stringify(checked.body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newUuid(), fingerprint };
    const key = attempt.current.key;
    checkIn.mutate(
      { key, body: checked.body },
      {
        onSuccess: (answer) => {
          attempt.current = null;
          if (!answer.success) {
            failed(answer.error ?? CHECKIN_FAILED.description);
            return;
          }
          if (answer.sessionId) storeSessionId(answer.sessionId);
          const destination = checkinDestination(answer);
          if (!destination) {
            failed(answer.error ?? CHECKIN_FAILED.description);
            return;
          }
          navigate(destination);
        },
        onError: (error) => {
          const failure = call.checkinFailure(error);
          // An answer from the cloud is final for this key; only a lost answer is retried with it.
          if (failure.answered) attempt.current = null;
          failed(failure.text);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checkIn.isPending) return;
    // Loaded already in most cases: the form asked for it when the guest first focused a field.
    loadCheckinCall().then(submit, () => failed(CHECKIN_FAILED.description));
  };

  return (
    <main className="page">
      <header className="page-header">
        <h1>{GUEST_TEXTS.checkinTitle}</h1>
        <p className="muted">{GUEST_TEXTS.checkinSubtitle}</p>
        {/* Most guests come by a table's QR code: the prerendered page keeps the badge's place, so
            the form does not move when it shows (walk-ins lose the line once hydrated instead). */}
        {!hydrated || context.tableId ? (
          <p className="badge" data-testid="checkin-place" style={hydrated ? undefined : { visibility: 'hidden' }}>
            {place.data
              ? GUEST_TEXTS.checkinAt(place.data.tableName, place.data.venueName)
              : GUEST_TEXTS.checkinAtTable}
          </p>
        ) : null}
        {/* The venue id alone (an old link, a shared one) checks nobody in: say so before the form
            is filled in rather than after (issue 27). */}
        {hydrated && context.venueId && !context.token && !context.tableId ? (
          <p className="error-text" role="alert" data-testid="checkin-needs-code">
            {GUEST_TEXTS.checkinNeedsEntranceCode}
          </p>
        ) : null}
      </header>
      {/* Painted from the prerendered HTML before the JS has come: nothing can be typed or sent
          until React has taken the form over (a native submit would reload the page without it). */}
      <form onSubmit={onSubmit} onFocus={() => void loadCheckinCall()} noValidate>
        <fieldset className="form" disabled={!hydrated}>
          <Field id="checkin-name" label={GUEST_TEXTS.checkinName} error={errors.guestName}>
            <input
              id="checkin-name"
              data-testid="checkin-name"
              autoComplete="name"
              required
              aria-invalid={Boolean(errors.guestName)}
              value={guestName}
              onChange={(e) => setGuestName(e.target.value)}
            />
          </Field>
          <Field id="checkin-phone" label={GUEST_TEXTS.checkinPhone} error={errors.phone}>
            <input
              id="checkin-phone"
              data-testid="checkin-phone"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </Field>
          <Field id="checkin-email" label={GUEST_TEXTS.checkinEmail} error={errors.guestEmail}>
            <input
              id="checkin-email"
              data-testid="checkin-email"
              type="email"
              autoComplete="email"
              aria-invalid={Boolean(errors.guestEmail)}
              value={guestEmail}
              onChange={(e) => setGuestEmail(e.target.value)}
            />
          </Field>
          <Field id="checkin-party-size" label={GUEST_TEXTS.checkinPartySize} error={errors.partySize}>
            <select
              id="checkin-party-size"
              data-testid="checkin-party-size"
              value={partySize}
              onChange={(e) => setPartySize(Number(e.target.value))}
            >
              {partySizeChoices().map((n) => (
                <option key={n} value={n}>
                  {partySizeLabel(n)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="checkin-occasion" label={GUEST_TEXTS.checkinOccasion} error={errors.occasion}>
            <select
              id="checkin-occasion"
              data-testid="checkin-occasion"
              value={occasion}
              onChange={(e) => setOccasion(e.target.value as Occasion)}
            >
              {OCCASIONS.map((value) => (
                <option key={value} value={value}>
                  {OCCASION_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          <label className="check">
            <input
              type="checkbox"
              data-testid="checkin-accessibility"
              checked={needsAccessibility}
              onChange={(e) => setNeedsAccessibility(e.target.checked)}
            />
            {GUEST_TEXTS.checkinAccessibility}
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="checkin-high-chair"
              checked={needsHighChair}
              onChange={(e) => setNeedsHighChair(e.target.checked)}
            />
            {GUEST_TEXTS.checkinHighChair}
          </label>
          {errors.tableId || errors.venueId || errors.form ? (
            <p className="error-text" role="alert">
              {errors.tableId ?? errors.venueId ?? errors.form}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button-primary button-block"
            data-testid="checkin-submit"
            disabled={checkIn.isPending}
          >
            {checkIn.isPending ? GUEST_TEXTS.checkinSubmitting : GUEST_TEXTS.checkinSubmit}
          </button>
        </fieldset>
      </form>
    </main>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
