// One course in a grid (catalogue, home, chef profile): the whole card links to /cours/:id.
import { CalendarClock, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { formatSessionDateTime } from '@shared/format';
import type { CourseSummary } from '@shared/schemas/public';
import { Card } from '@client/components/ui/Card';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { cn } from '@client/lib/cn';
import { coursePriceLabel } from '../price';
import { FormatBadge, PremiumBadge } from './CourseBadges';

export type CourseCardProps = {
  course: CourseSummary;
  /** The card title's heading level, so headings stay in order wherever the card is placed. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may hold the largest image in view: load it eagerly. */
  priority?: boolean;
  className?: string;
};

export const COURSE_CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

export function CourseCard({ course, headingLevel = 3, priority = false, className }: CourseCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      as="article"
      className={cn(
        'group relative flex h-full flex-col transition-shadow hover:shadow-md',
        // The title link hides its own outline (it spans the card): the card shows the focus instead.
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600',
        className,
      )}
    >
      <div className="relative overflow-hidden">
        <ResponsiveImage
          src={course.imageUrl}
          alt=""
          width={800}
          height={600}
          sizes={COURSE_CARD_IMAGE_SIZES}
          priority={priority}
          className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          <FormatBadge isLive={course.isLive} />
          {course.isPremium ? <PremiumBadge /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold leading-snug text-ink">
          {/* The link covers the whole card (after:inset-0) while its name stays the title. */}
          <Link
            to={`/cours/${course.id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-800 focus-visible:outline-none"
          >
            {course.title}
          </Link>
        </Heading>
        {course.teacher ? (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <UserRound aria-hidden="true" className="size-4 shrink-0" />
            {course.teacher.fullName}
          </p>
        ) : null}
        {course.isLive && course.nextSessionAt ? (
          <p className="flex items-start gap-1.5 text-sm text-muted">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="sr-only">Prochaine séance : </span>
              {formatSessionDateTime(course.nextSessionAt)}
            </span>
          </p>
        ) : null}
        <p className="mt-auto pt-2 text-lg font-semibold text-brand-800">{coursePriceLabel(course.priceCents)}</p>
      </div>
    </Card>
  );
}
