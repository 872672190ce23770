// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
export { FormatBadge } from './components/CourseBadges';
export { CourseCard } from './components/CourseCard';
export { coursePriceLabel, entitlementLabel } from './price';
