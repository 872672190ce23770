// One course in a grid (catalogue, home, chef profile): the whole card links to /cours/:id.
import { CalendarClock, UserRound } from 'lucide-react';
import { formatSessionDateTime } from '@shared/format';
import type { CourseSummary } from '@shared/schemas/public';
import { LinkCard } from '@client/components/ui/LinkCard';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { DietBadges } from '@client/features/dietary';
import { useDisplayTimeZone } from '@client/lib/use-time-zone';
import { entitlementLabel } from '../price';
import { FormatBadge, PremiumBadge } from './CourseBadges';

export type CourseCardProps = {
  course: CourseSummary;
  /** The card title's heading level, so headings stay in order wherever the card is placed. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may hold the largest image in view: load it eagerly. */
  priority?: boolean;
  className?: string;
};

/** Adopted after the rest of a server-rendered page, each card on its own (lib/hydration-boundary). */
export function CourseCard(props: CourseCardProps) {
  return (
    <HydrationBoundary>
      <CourseCardContent {...props} />
    </HydrationBoundary>
  );
}

function CourseCardContent({ course, headingLevel = 3, priority = false, className }: CourseCardProps) {
  const timeZone = useDisplayTimeZone();
  return (
    <LinkCard
      to={`/cours/${course.id}`}
      title={course.title}
      imageUrl={course.imageUrl}
      headingLevel={headingLevel}
      priority={priority}
      className={className}
      overlay={
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          <FormatBadge isLive={course.isLive} />
          {course.isPremium ? <PremiumBadge /> : null}
        </div>
      }
    >
      {course.teacher ? (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          {course.teacher.fullName}
        </p>
      ) : null}
      {course.isLive && course.nextSessionAt && course.entitlement.status !== 'coming_soon' ? (
        <p className="flex items-start gap-1.5 text-sm text-muted">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">Prochaine séance : </span>
            {formatSessionDateTime(course.nextSessionAt, timeZone)}
          </span>
        </p>
      ) : null}
      <DietBadges diets={course.diets} />
      <p className={`mt-auto pt-2 font-semibold ${course.entitlement.status === 'for_sale' ? 'text-lg text-brand-800' : 'text-base text-ink'}`}>
        {entitlementLabel(course.entitlement)}
      </p>
    </LinkCard>
  );
}
