// The course's particulars as a description list: format, level, length, cuisine, dietary notes,
// the diets its dishes suit and their allergens (issue 28).
import { COURSE_FORMAT_LABELS, DIFFICULTY_LABELS } from '@shared/catalog';
import { ALLERGEN_LABELS, DIET_LABELS } from '@shared/dietary';
import { formatDuration } from '@shared/format';
import type { CourseDetail } from '@shared/schemas/public';

const WIDE = new Set(['Régime alimentaire', 'Convient aux régimes', 'Allergènes']);

export function CourseFacts({ course }: { course: CourseDetail }) {
  const facts: [string, string][] = [
    ['Format', COURSE_FORMAT_LABELS[course.isLive ? 'live' : 'recorded']],
    ['Difficulté', DIFFICULTY_LABELS[course.difficulty]],
    ['Durée', formatDuration(course.durationMinutes)],
    ['Cuisine', course.cuisineType ?? 'N/A'],
  ];
  if (course.dietaryInfo) facts.push(['Régime alimentaire', course.dietaryInfo]);
  if (course.diets.length > 0) facts.push(['Convient aux régimes', course.diets.map((d) => DIET_LABELS[d]).join(', ')]);
  facts.push([
    'Allergènes',
    course.allergens === null
      ? 'Non précisés'
      : course.allergens.length === 0
        ? 'Aucun des allergènes courants'
        : course.allergens.map((a) => ALLERGEN_LABELS[a]).join(', '),
  ]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className={WIDE.has(term) ? 'col-span-2' : undefined}>
          <dt className="text-muted">{term}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
