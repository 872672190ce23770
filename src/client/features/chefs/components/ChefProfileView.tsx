// A chef's page as the public sees it (spec: portrait, name, specialty, bio, the chef's courses as
// cards): drawn by /chefs/:chefId and, for the chef themself, by /mon-profil-chef (spec: 'same
// layout'), which adds its own actions and its own words when there is no course yet.
import type { ReactNode } from 'react';
import type { ChefSummary, CourseSummary } from '@shared/schemas/public';
import { CardSkeleton, Skeleton } from '@client/components/ui/Skeleton';
import { CourseCard } from '@client/features/courses';
import { chefBio, chefSpecialty } from '../chef-text';
import { ChefAvatar } from './ChefAvatar';

type ChefProfileViewProps = {
  chef: ChefSummary;
  courses: CourseSummary[];
  /** Links under the bio (the own profile's 'Modifier le profil'). */
  actions?: ReactNode;
  coursesTitle: string;
  /** What shows instead of the cards when there is no course. */
  empty: ReactNode;
  /** Under the cards when there are some (the own profile's way to manage them). */
  footer?: ReactNode;
};

export function ChefProfileView({ chef, courses, actions, coursesTitle, empty, footer }: ChefProfileViewProps) {
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
          {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3 md:justify-start">{actions}</div> : null}
        </div>
      </section>

      <section aria-labelledby="chef-courses" className="mt-12">
        <h2 id="chef-courses" className="mb-6 text-2xl font-semibold sm:text-3xl">
          {coursesTitle}
        </h2>
        {courses.length === 0 ? (
          empty
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {courses.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
            {footer ? <div className="mt-8">{footer}</div> : null}
          </>
        )}
      </section>
    </div>
  );
}

export function ChefProfileSkeleton() {
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
