// The course's particulars as a description list: format, level, length, cuisine, dietary notes.
import { COURSE_FORMAT_LABELS, DIFFICULTY_LABELS } from '@shared/catalog';
import { formatDuration } from '@shared/format';
import type { CourseDetail } from '@shared/schemas/public';

export function CourseFacts({ course }: { course: CourseDetail }) {
  const facts: [string, string][] = [
    ['Format', COURSE_FORMAT_LABELS[course.isLive ? 'live' : 'recorded']],
    ['Difficulté', DIFFICULTY_LABELS[course.difficulty]],
    ['Durée', formatDuration(course.durationMinutes)],
    ['Cuisine', course.cuisineType ?? 'N/A'],
  ];
  if (course.dietaryInfo) facts.push(['Régime alimentaire', course.dietaryInfo]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className={term === 'Régime alimentaire' ? 'col-span-2' : undefined}>
          <dt className="text-muted">{term}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
