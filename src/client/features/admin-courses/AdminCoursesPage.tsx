// /admin/cours — the Cours tab of the Tableau de Bord Admin: every course (published, drafts,
// archived) with its status, format, price and, for live courses, the upcoming sessions' seats.
// Cards on a phone, a table from the tablet up; 'Créer un cours' opens the form page.
import { Film, GraduationCap, Plus, Radio } from 'lucide-react';
import { Link } from 'react-router';
import { formatSessionDateTime } from '@shared/format';
import { coursePriceLabel } from '@client/features/courses';
import type { AdminCourseSummary } from '@shared/schemas/admin-courses';
import { Badge } from '@client/components/ui/Badge';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { AdminShell } from '@client/app/layout/AdminShell';
import { useAdminCourses } from './api';
import { formatLabel, notOnSaleLabel, seatsLabel, STATUS_LABELS, STATUS_TONES } from './labels';

const editPath = (id: string) => `/admin/cours/${id}`;

function StatusBadge({ course }: { course: AdminCourseSummary }) {
  const notOnSale = notOnSaleLabel(course);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={STATUS_TONES[course.status]}>{STATUS_LABELS[course.status]}</Badge>
      {notOnSale ? <span className="text-sm font-medium text-red-800">{notOnSale}</span> : null}
    </span>
  );
}

function FormatCell({ course }: { course: AdminCourseSummary }) {
  const Icon = course.isLive ? Radio : Film;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 text-brand-700" />
      {formatLabel(course.isLive)}
      {course.isPremium ? <Badge tone="brand">Abonnés</Badge> : null}
    </span>
  );
}

/** Live: the upcoming sessions and their seats; recorded: whether the video is there. */
function Offer({ course }: { course: AdminCourseSummary }) {
  if (!course.isLive) {
    return course.hasVideo ? <span>Vidéo en ligne</span> : <span className="font-medium text-red-800">Aucune vidéo</span>;
  }
  if (course.upcomingSessions === 0) return <span className="text-muted">Aucune séance à venir</span>;
  return (
    <span>
      {course.upcomingSessions} séance{course.upcomingSessions > 1 ? 's' : ''} · {seatsLabel(course.upcomingSeatsTaken, course.upcomingCapacity)}
      {course.nextSessionAt ? <span className="block text-sm text-muted">Prochaine : {formatSessionDateTime(course.nextSessionAt)}</span> : null}
    </span>
  );
}

function CourseCards({ courses }: { courses: AdminCourseSummary[] }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {courses.map((c) => (
        <li key={c.id}>
          <Link
            to={editPath(c.id)}
            className="flex gap-3 rounded-2xl border border-line bg-white p-3 shadow-sm transition-colors hover:border-brand-600"
          >
            <ResponsiveImage src={c.imageUrl} alt="" width={16} height={9} sizes="96px" className="h-16 w-28 shrink-0 rounded-xl object-cover" />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-1.5">
                <StatusBadge course={c} />
                <span className="text-sm text-muted">{formatLabel(c.isLive)}</span>
              </div>
              <p className="break-words font-semibold leading-snug text-ink">{c.title}</p>
              <p className="text-sm text-ink">
                {coursePriceLabel(c.priceCents)}
                {c.teacher ? <span className="text-muted"> · {c.teacher.fullName}</span> : null}
              </p>
              <p className="text-sm">
                <Offer course={c} />
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CourseTable({ courses }: { courses: AdminCourseSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tous les cours</caption>
        <thead className="bg-cream text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cours
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Statut
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Format
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Prix
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Séances / vidéo
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Achats
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {courses.map((c) => (
            <tr key={c.id} className="align-top hover:bg-brand-50/40">
              <td className="px-4 py-3">
                <div className="flex items-start gap-3">
                  <ResponsiveImage src={c.imageUrl} alt="" width={16} height={9} sizes="80px" className="h-11 w-20 shrink-0 rounded-lg object-cover" />
                  <div className="min-w-0">
                    <Link to={editPath(c.id)} className="font-semibold text-ink underline-offset-4 hover:text-brand-800 hover:underline">
                      {c.title}
                    </Link>
                    {c.teacher ? <p className="text-muted">{c.teacher.fullName}</p> : null}
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <StatusBadge course={c} />
              </td>
              <td className="px-4 py-3">
                <FormatCell course={c} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{coursePriceLabel(c.priceCents)}</td>
              <td className="px-4 py-3">
                <Offer course={c} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{c.purchases}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminCoursesPage() {
  usePageTitle('Cours — Tableau de Bord Admin');
  const query = useAdminCourses();
  useErrorToast(query.error, 'Erreur de chargement des cours');
  const courses = query.data?.courses ?? [];

  return (
    <AdminShell>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl text-ink">Cours</h2>
          {query.data ? (
            <p className="text-sm text-muted" aria-live="polite">
              {courses.length === 0 ? 'Aucun cours' : courses.length === 1 ? '1 cours' : `${courses.length} cours`}
            </p>
          ) : null}
        </div>
        <ButtonLink to="/admin/cours/nouveau" className="self-start sm:self-auto">
          <Plus aria-hidden="true" className="size-4" />
          Créer un cours
        </ButtonLink>
      </div>

      {query.isPending ? (
        <div role="status" aria-label="Chargement des cours" className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les cours." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : courses.length === 0 ? (
        <EmptyState
          icon={<GraduationCap className="size-10" />}
          title="Aucun cours pour le moment."
          titleAs="h2"
          hint="Créez votre premier cours, en direct ou enregistré : il paraîtra dans le catalogue dès qu'il sera publié."
          action={
            <ButtonLink to="/admin/cours/nouveau">
              <Plus aria-hidden="true" className="size-4" />
              Créer un cours
            </ButtonLink>
          }
        />
      ) : (
        <>
          <CourseCards courses={courses} />
          <CourseTable courses={courses} />
        </>
      )}
    </AdminShell>
  );
}
