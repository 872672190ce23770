// /reserver-un-cours (spec: booking page; requires login, a visitor gets the toast and goes home).
// The live courses with their next session: the learner picks a class here, then its session on
// /booking/:courseId.
import { ArrowRight, CalendarClock, CalendarX, UserRound } from 'lucide-react';
import { formatSessionDateTime } from '@shared/format';
import { entitlementLabel } from '@client/features/courses';
import type { CourseListResponse, CourseSummary } from '@shared/schemas/public';
import { useAuth } from '@client/app/auth';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { LinkCard } from '@client/components/ui/LinkCard';
import { PageHeader } from '@client/components/ui/PageHeader';
import { PageSpinner } from '@client/components/ui/Spinner';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { useSignInRequired } from './use-sign-in-required';

export default function BookingHubPage() {
  usePageTitle('Réserver un cours');
  const { status } = useAuth();
  const signIn = useSignInRequired();
  const query = useApiQuery<CourseListResponse>('/courses', { format: 'live' }, { enabled: status === 'signed-in' });

  if (signIn) return signIn;
  if (status === 'loading') return <PageSpinner />;

  // Courses with a session to come first, soonest first; the others after.
  const courses = [...(query.data?.courses ?? [])].sort(bySoonestSession);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Réserver un cours" subtitle="Choisissez un cours en direct, puis la séance qui vous convient." />
      {query.isPending ? (
        <PageSpinner label="Chargement des cours en direct…" />
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les cours en direct." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : courses.length === 0 ? (
        <EmptyState
          icon={<CalendarX className="size-10" />}
          title="Aucun cours en direct n'est prévu pour le moment."
          titleAs="h2"
          hint="Revenez bientôt, ou découvrez nos cours enregistrés."
          action={<ButtonLink to="/cours">Voir les cours</ButtonLink>}
        />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Cours en direct">
          {courses.map((course, i) => (
            <li key={course.id}>
              <HubCard course={course} priority={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function bySoonestSession(a: CourseSummary, b: CourseSummary): number {
  if (a.nextSessionAt && b.nextSessionAt) return a.nextSessionAt.localeCompare(b.nextSessionAt);
  return a.nextSessionAt ? -1 : b.nextSessionAt ? 1 : a.title.localeCompare(b.title, 'fr-CA');
}

function HubCard({ course, priority }: { course: CourseSummary; priority: boolean }) {
  return (
    <LinkCard to={`/booking/${course.id}`} title={course.title} imageUrl={course.imageUrl} headingLevel={2} priority={priority}>
      {course.teacher ? (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          {course.teacher.fullName}
        </p>
      ) : null}
      <p className="flex items-start gap-1.5 text-sm text-muted">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {course.nextSessionAt ? (
          <span>
            Prochaine séance ouverte : <span className="text-ink">{formatSessionDateTime(course.nextSessionAt)}</span>
          </span>
        ) : (
          <span>Aucune séance ouverte à la réservation pour le moment</span>
        )}
      </p>
      <div className="mt-auto flex items-center justify-between gap-3 pt-2">
        <p className="text-lg font-semibold text-brand-800">{entitlementLabel(course.entitlement)}</p>
        <span aria-hidden="true" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          Choisir une séance
          <ArrowRight className="size-4" />
        </span>
      </div>
    </LinkCard>
  );
}
