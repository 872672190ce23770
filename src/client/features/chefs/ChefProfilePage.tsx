// /chefs/:chefId (spec: portrait, name, specialty, bio, the chef's courses as cards).
import { useParams } from 'react-router';
import { BookOpen, SearchX } from 'lucide-react';
import type { ChefResponse } from '@shared/schemas/public';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { CardSkeleton, Skeleton } from '@client/components/ui/Skeleton';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { CourseCard } from '../courses/components/CourseCard';
import { chefBio, chefSpecialty } from './chef-text';
import { ChefAvatar } from './components/ChefAvatar';

export default function ChefProfilePage() {
  const { chefId = '' } = useParams();
  const { data, error, isPending, refetch } = useApiQuery<ChefResponse>(`/chefs/${encodeURIComponent(chefId)}`);
  const notFound = error?.status === 404;
  usePageTitle(data ? `${data.chef.fullName} — ${chefSpecialty(data.chef)}` : notFound ? 'Chef non trouvé' : null);

  if (isPending) return <ProfileSkeleton />;

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <EmptyState
          icon={<SearchX className="size-8" />}
          titleAs="h1"
          title="Chef non trouvé."
          hint="Ce profil n'existe pas ou n'est plus public."
          action={<ButtonLink to="/chefs">Voir tous nos chefs</ButtonLink>}
        />
      </div>
    );
  }

  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">Profil du chef</h1>
        <ErrorPanel title="Impossible de charger les cours de ce chef." message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  }

  const { chef, courses } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <section aria-labelledby="chef-name" className="flex flex-col items-center gap-6 rounded-[2rem] bg-white p-6 text-center shadow-sm ring-1 ring-line sm:p-10 md:flex-row md:items-start md:gap-10 md:text-left">
        <ChefAvatar chef={chef} size={176} priority className="ring-8 ring-brand-50" />
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{chefSpecialty(chef)}</p>
          <h1 id="chef-name" className="mt-2 text-4xl font-semibold">
            {chef.fullName}
          </h1>
          <p className="mt-4 whitespace-pre-line text-left leading-relaxed text-muted sm:text-lg">{chefBio(chef)}</p>
        </div>
      </section>

      <section aria-labelledby="chef-courses" className="mt-12">
        <h2 id="chef-courses" className="mb-6 text-2xl font-semibold sm:text-3xl">
          Ses cours
        </h2>
        {courses.length === 0 ? (
          <EmptyState
            icon={<BookOpen className="size-8" />}
            title="Ce chef n'a pas encore de cours disponibles."
            action={<ButtonLink to="/cours" variant="secondary">Voir tout le catalogue</ButtonLink>}
          />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" role="status" aria-label="Chargement du profil…">
      <div aria-hidden="true" className="flex flex-col items-center gap-6 rounded-[2rem] bg-white p-6 ring-1 ring-line sm:p-10 md:flex-row md:items-start">
        <Skeleton className="size-44 rounded-full" />
        <div className="w-full max-w-2xl space-y-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <CardSkeleton />
        <CardSkeleton className="hidden sm:block" />
        <CardSkeleton className="hidden lg:block" />
      </div>
    </div>
  );
}
