// /booking/:courseId — 'Réservez votre cours' (spec: live booking page). Built-in scheduling in place
// of the spec's widget: the course's upcoming sessions to choose from; choosing holds a seat for
// HOLD_MINUTES (POST /api/booking/holds) and goes on to the payment with the session and the hold.
// Several seats in one booking (docs/decisions/0047): « Combien de places ? » (1 to 6, as the
// sessions allow), the guests' first names (optional), the kit scaled to the seats until the learner
// picks its servings; each seat's allergies and restrictions, optional (docs/decisions/0053). Sign-in required (spec §5): a visitor gets the toast and goes home.
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, ChevronDown, Salad, Timer, UserPlus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { HOLD_MINUTES, MAX_SEATS_PER_BOOKING, seatsLabel } from '@shared/booking';
import { needsFor, type SeatNeeds } from '@shared/dietary';
import { ERROR_MESSAGES } from '@shared/errors';
import { formatDuration, formatPrice } from '@shared/format';
import { DEFAULT_KIT_SERVINGS, defaultServings, SERVINGS_MAX, SERVINGS_MIN, servingsLabel } from '@shared/prep-kit';
import { GUEST_NAME_MAX, holdRequestSchema, type HoldResponse } from '@shared/schemas/booking';
import type { CourseResponse, SessionSummary } from '@shared/schemas/public';
import { useAuth } from '@client/app/auth';
import { ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { Select } from '@client/components/ui/Select';
import { Spinner } from '@client/components/ui/Spinner';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { SeatNeedsFieldset } from '@client/features/dietary';
import { holdSeat, type BookingNavigationState } from './api';
import { BookingSteps } from './components/BookingSteps';
import { WaitlistPanel } from '@client/features/waitlist';
import { SessionPicker } from './components/SessionPicker';
import { useSignInRequired } from './use-sign-in-required';
import { viewerTimeZoneName } from '@client/lib/use-time-zone';

/** Answers after which the list is read again: seats or sessions changed under the learner. */
const STALE_LIST = new Set(['SESSION_FULL', 'SESSION_UNAVAILABLE', 'SESSION_NOT_FOUND']);

type Problem = { message: string; alreadyBooked?: boolean };

const SERVINGS_OPTIONS = Array.from({ length: SERVINGS_MAX - SERVINGS_MIN + 1 }, (_, i) => {
  const n = SERVINGS_MIN + i;
  return { value: String(n), label: servingsLabel(n) };
});

const SEATS_OPTIONS = Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, i) => ({ value: String(i + 1), label: seatsLabel(i + 1) }));

/** The kit for `seats` seats: the kit's servings for each seat, within the servings allowed. */
function seatServings(kitServings: number | null | undefined, seats: number): number {
  return Math.min(SERVINGS_MAX, defaultServings(kitServings) * seats);
}

function problemOf(error: ApiError): Problem {
  if (error.code === 'SESSION_FULL') return { message: `${error.message} Choisissez une autre séance.` };
  return { message: error.message };
}

export default function BookingPage() {
  usePageTitle('Réservez votre cours');
  const { courseId = '' } = useParams();
  const { status } = useAuth();
  const signIn = useSignInRequired();
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<Problem | null>(null);
  // The class preparation kit, e-mailed 72 h before, is scaled to it.
  const [chosenServings, setServings] = useState<number | null>(null);
  const [seats, setSeats] = useState(1);
  const [guests, setGuests] = useState<string[]>([]);
  const [guestErrors, setGuestErrors] = useState<Record<number, string>>({});
  // Each seat's dietary needs, optional (docs/decisions/0053).
  const [needs, setNeeds] = useState<SeatNeeds[]>([]);
  const [needErrors, setNeedErrors] = useState<Record<number, string>>({});
  const holding = useRef(false);

  // Seats move while people book: always read afresh, never a copy from the course page.
  const course = useApiQuery<CourseResponse>(`/courses/${encodeURIComponent(courseId)}`, undefined, {
    enabled: status === 'signed-in',
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const notFound = course.error?.status === 404;
  // Until the learner picks, the servings the chef wrote the kit for, for each seat.
  const servings = chosenServings ?? seatServings(course.data?.course.prepKitServings, seats);
  // The most any session lets one booking take (each session's own cap and seats left, below).
  const sessionsAllow = Math.max(1, ...(course.data?.course.sessions ?? []).map((s) => Math.min(s.maxSeatsPerBooking, s.seatsLeft)));
  const seatOptions = SEATS_OPTIONS.slice(0, Math.max(sessionsAllow, seats));

  useEffect(() => {
    if (notFound) notifyError('Erreur', "Ce cours n'a pas été trouvé.");
  }, [notFound]);

  const hold = useMutation<HoldResponse, ApiError, SessionSummary>({
    mutationFn: (session) =>
      holdSeat(session.id, {
        servings: course.data?.course.hasPrepKit ? servings : undefined,
        seats,
        guests: guests.slice(0, seats - 1).map((g) => g.trim()),
        needs: needsFor(seats, needs),
      }),
    onSuccess: ({ hold: held }, session) => {
      if (held.status === 'confirmed') {
        holding.current = false;
        setProblem({ message: ERROR_MESSAGES.ALREADY_BOOKED, alreadyBooked: true });
        return;
      }
      const state: BookingNavigationState = { sessionId: session.id, reservationId: held.id, from: location.pathname };
      navigate(`/payment/${encodeURIComponent(courseId)}`, { state });
    },
    // On success the guard stays up: the page is leaving, and a late second click must not hold again.
    onError: (error) => {
      holding.current = false;
      const next = problemOf(error);
      setProblem(next);
      notifyError('Réservation impossible', next.message);
      if (STALE_LIST.has(error.code)) void course.refetch();
    },
  });

  const choose = (session: SessionSummary) => {
    // One hold at a time, even for a double click faster than a render.
    if (holding.current) return;
    // The same schema as the server's: a first name too long is said under its field.
    const checked = holdRequestSchema.safeParse({ sessionId: session.id, seats, guests: guests.slice(0, seats - 1), needs: needsFor(seats, needs) });
    if (!checked.success) {
      const errors: Record<'guests' | 'needs', Record<number, string>> = { guests: {}, needs: {} };
      for (const issue of checked.error.issues) {
        const [field, index] = issue.path;
        if ((field === 'guests' || field === 'needs') && typeof index === 'number') errors[field][index] ??= issue.message;
      }
      setGuestErrors(errors.guests);
      setNeedErrors(errors.needs);
      return;
    }
    setGuestErrors({});
    setNeedErrors({});
    holding.current = true;
    setProblem(null);
    hold.mutate(session);
  };

  if (signIn) return signIn;
  if (notFound) return <Navigate to="/cours" replace />;
  const data = course.data?.course;
  if (data && !data.isLive) return <Navigate to={`/payment/${encodeURIComponent(courseId)}`} replace />;
  // Booking is only for a class for sale to this person (shared/entitlements.ts): otherwise its page
  // says why and offers the one choice there is (subscribe, or nothing yet).
  // Every session full (the course reads « Bientôt disponible »): the page stays for their « Liste d'attente ».
  const waitlistOnly = data?.entitlement.status === 'coming_soon' && data.sessions.some((x) => x.seatsLeft <= 0);
  if (data && data.entitlement.status !== 'for_sale' && !waitlistOnly) return <Navigate to={`/cours/${encodeURIComponent(courseId)}`} replace />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={`/cours/${encodeURIComponent(courseId)}`}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour au cours
      </Link>
      <header className="mb-8 mt-4">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">Réservez votre cours</h1>
        {data ? <p className="mt-2 text-lg text-muted">«&nbsp;{data.title}&nbsp;»</p> : null}
      </header>

      {status === 'loading' || course.isPending ? (
        <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center text-brand-700">
          <Spinner className="size-8" />
          <p className="text-lg text-muted">Chargement de la page de réservation...</p>
        </div>
      ) : course.isError ? (
        <ErrorPanel title="Impossible de charger ce cours." message={course.error.message} onRetry={() => void course.refetch()} />
      ) : data ? (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
          <section aria-labelledby="sessions-title" className="min-w-0">
            <h2 id="sessions-title" className="flex items-center gap-2 text-2xl font-semibold text-ink">
              <CalendarDays aria-hidden="true" className="size-6 text-brand-700" />
              Choisissez une séance
            </h2>
            <p className="mt-2 text-sm text-muted">Les heures sont affichées dans votre fuseau horaire ({viewerTimeZoneName()}).</p>
            <p className="mt-4 flex gap-2 rounded-xl border border-saffron/60 bg-saffron/10 px-4 py-3 text-sm text-ink">
              <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                Après avoir choisi une séance, vous serez redirigé vers le paiement. Votre place vous est réservée pendant{' '}
                <strong>{HOLD_MINUTES} minutes</strong> : payez avant la fin de ce délai pour la confirmer.
              </span>
            </p>
            {problem ? (
              <FormAlert className="mt-4">
                <p>{problem.message}</p>
                {problem.alreadyBooked ? (
                  <ButtonLink to="/calendrier" variant="link" className="mt-1">
                    Voir mon calendrier
                  </ButtonLink>
                ) : null}
              </FormAlert>
            ) : null}
            <div className="mt-5 rounded-2xl border border-line bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <UserPlus aria-hidden="true" className="mt-0.5 hidden size-5 shrink-0 text-brand-700 sm:block" />
                <div className="min-w-0 flex-1 space-y-4">
                  <Select
                    label="Combien de places ?"
                    name="seats"
                    value={String(seats)}
                    onValueChange={(v) => setSeats(v ? Number(v) : 1)}
                    options={seatOptions}
                    className="sm:max-w-xs"
                  />
                  {seats > 1 ? (
                    <fieldset className="space-y-3">
                      <legend className="text-sm font-semibold text-ink">Prénoms de vos invités (facultatif)</legend>
                      <div className="grid gap-3 sm:grid-cols-2">
                        {Array.from({ length: seats - 1 }, (_, i) => (
                          <TextField
                            key={i}
                            label={`Invité ${i + 1}`}
                            name={`guest-${i + 1}`}
                            autoComplete="off"
                            maxLength={GUEST_NAME_MAX + 10}
                            value={guests[i] ?? ''}
                            error={guestErrors[i]}
                            onChange={(e) => {
                              const next = [...guests];
                              next[i] = e.target.value;
                              setGuests(next);
                            }}
                          />
                        ))}
                      </div>
                      <p className="text-sm text-muted">Un seul paiement pour toutes les places. Les prénoms figurent sur la liste des participants du chef.</p>
                    </fieldset>
                  ) : null}
                </div>
              </div>
            </div>
            <details className="group mt-5 rounded-2xl border border-line bg-white p-4 shadow-sm" open={Object.keys(needErrors).length > 0 || undefined}>
              <summary className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-ink">
                <Salad aria-hidden="true" className="hidden size-5 shrink-0 text-brand-700 sm:block" />
                <span className="flex-1">
                  Allergies et restrictions <span className="font-normal text-muted">(facultatif)</span>
                </span>
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
              </summary>
              <SeatNeedsFieldset className="mt-3" seats={seats} guests={guests} needs={needs} onChange={setNeeds} errors={needErrors} />
            </details>
            {/* The kit question and its promise only where a kit is written for this course. */}
            {data.hasPrepKit ? (
            <div className="mt-5 rounded-2xl border border-line bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <Users aria-hidden="true" className="mt-0.5 hidden size-5 shrink-0 text-brand-700 sm:block" />
                <div className="min-w-0 flex-1">
                  <Select
                    label="Pour combien de personnes cuisinerez-vous ?"
                    name="servings"
                    value={String(servings)}
                    onValueChange={(v) => setServings(v ? Number(v) : DEFAULT_KIT_SERVINGS)}
                    options={SERVINGS_OPTIONS}
                    className="sm:max-w-md"
                  />
                  <p className="mt-2 text-sm text-muted">
                    72 heures avant le cours, vous recevrez la liste des ingrédients et du matériel, calculée pour ce nombre de personnes.
                  </p>
                </div>
              </div>
            </div>
            ) : null}
            <div className="mt-5">
              <SessionPicker sessions={data.sessions} seats={seats} pendingId={hold.isPending ? (hold.variables?.id ?? null) : null} onChoose={choose} />
            </div>
            <div className="mt-6">
              <WaitlistPanel courseId={data.id} sessions={data.sessions} />
            </div>
          </section>
          <aside aria-label="Le cours" className="space-y-5 lg:sticky lg:top-24 lg:self-start">
            <div className="flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm">
              <ResponsiveImage
                src={data.imageUrl}
                alt=""
                width={800}
                height={600}
                sizes="96px"
                className="size-24 shrink-0 rounded-xl"
              />
              <div className="min-w-0">
                <p className="font-semibold leading-snug text-ink">{data.title}</p>
                {data.teacher ? <p className="mt-1 text-sm text-muted">Avec {data.teacher.fullName}</p> : null}
                <p className="mt-1 text-sm text-muted">
                  {data.durationMinutes ? `${formatDuration(data.durationMinutes)} · ` : ''}
                  <span className="font-semibold text-brand-800">
                    {formatPrice((data.entitlement.status === 'for_sale' ? data.entitlement.priceCents : data.priceCents) * seats)}
                  </span>
                  {seats > 1 ? <span> pour {seatsLabel(seats)}</span> : null}
                </p>
              </div>
            </div>
            <BookingSteps />
          </aside>
        </div>
      ) : null}
    </div>
  );
}
