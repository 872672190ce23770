// /cours/:courseId — one course: what it is, who teaches it, its upcoming sessions and the way to
// book or buy it; a premium course not unlocked shows the subscribers' panel (spec: course detail).
// A recorded course the viewer may open has its video (features/learning, loaded apart): the player
// in the picture's place for whoever may watch, else a word in the body on why there is none.
import { Gift } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { CourseVideo, CourseVideoNotice } from '@client/features/learning';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { usePageTitle } from '@client/lib/use-page-title';
import { useCourse } from './api';
import { CourseActions, CoursePrice } from './components/CourseActions';
import { FormatBadge, PremiumBadge } from './components/CourseBadges';
import { CourseDetailSkeleton } from './components/CourseDetailSkeleton';
import { CourseFacts } from './components/CourseFacts';
import { CourseNotFound } from './components/CourseNotFound';
import { PremiumPanel } from './components/PremiumPanel';
import { SessionList } from './components/SessionList';
import { useLoadErrorToast } from './use-load-error-toast';
import { MAIN_IMAGES } from '@shared/media';

export default function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const query = useCourse(courseId);
  const notFound = query.error?.status === 404;
  const course = query.data?.course;

  usePageTitle(course ? course.title : notFound ? 'Cours non trouvé' : undefined);
  useLoadErrorToast(notFound ? null : query.error, 'Erreur de chargement des cours', 'course-load');
  useEffect(() => {
    if (notFound) toast.error('Erreur', { id: 'course-not-found', description: "Ce cours n'a pas été trouvé." });
  }, [notFound]);

  if (notFound) return <CourseNotFound />;

  // A premium course not unlocked shows its panel and no player: the server would refuse it anyway.
  const watchable = course !== undefined && !course.isLive && course.unlocked;
  const illustration = course ? (
    <div className="overflow-hidden rounded-2xl">
      <ResponsiveImage
        src={course.imageUrl}
        alt={`Illustration du cours « ${course.title} »`}
        width={1200}
        height={675}
        sizes={MAIN_IMAGES.course.sizes}
        priority
        className="aspect-[16/9] w-full"
      />
    </div>
  ) : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {query.isPending ? (
        <CourseDetailSkeleton />
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger ce cours." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : course ? (
        // DOM order header → price and actions → details, so a phone sees the price and the button
        // right after the title; on a wide screen the actions sit in a sticky side column.
        <article className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
          <header className="min-w-0 space-y-5 lg:col-start-1">
            {watchable ? (
              <Suspense fallback={illustration}>
                <CourseVideo course={course} illustration={illustration} />
              </Suspense>
            ) : (
              illustration
            )}
            <div className="flex flex-wrap gap-2">
              <FormatBadge isLive={course.isLive} />
              {course.isPremium ? <PremiumBadge /> : null}
            </div>
            <h1 className="text-3xl font-semibold leading-tight text-ink sm:text-4xl">{course.title}</h1>
            {course.teacher ? (
              <p className="text-lg text-muted">
                Avec{' '}
                <Link to={`/chefs/${course.teacher.id}`} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  {course.teacher.fullName}
                </Link>
              </p>
            ) : null}
          </header>

          <aside
            aria-label="Réserver ou acheter ce cours"
            className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
          >
            <div className="space-y-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
              <CoursePrice course={course} />
              <CourseActions course={course} />
              {course.priceCents > 0 ? (
                <Link
                  to={`/offrir?cours=${course.id}`}
                  className="flex items-center justify-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  <Gift aria-hidden="true" className="size-4" />
                  Offrir ce cours
                </Link>
              ) : null}
              <hr className="border-line" />
              <CourseFacts course={course} />
            </div>
          </aside>

          <div className="min-w-0 space-y-8 lg:col-start-1">
            {course.unlocked ? null : <PremiumPanel />}
            {watchable ? (
              <Suspense fallback={null}>
                <CourseVideoNotice course={course} />
              </Suspense>
            ) : null}

            <section aria-labelledby="course-about">
              <h2 id="course-about" className="mb-3 text-2xl font-semibold text-ink">
                À propos du cours
              </h2>
              <p className="whitespace-pre-line leading-relaxed text-ink/90">{course.description}</p>
            </section>

            {course.isLive ? (
              <section aria-labelledby="course-sessions">
                <h2 id="course-sessions" className="text-2xl font-semibold text-ink">
                  Prochaines séances
                </h2>
                <p className="mb-3 mt-1 text-sm text-muted">Heures indiquées dans votre fuseau horaire.</p>
                <SessionList sessions={course.sessions} courseId={course.id} />
              </section>
            ) : null}
          </div>
        </article>
      ) : null}
    </div>
  );
}
