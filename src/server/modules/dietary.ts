// The « Régime et allergies » filter in SQL, for the recipes' and the courses' tables alike: the same
// rule as @shared/dietary's matchesDietaryFilter (an allergen-free listing only among dishes whose
// allergens the chef gave).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dietaryCondition, type DietaryFilter } from '@shared/dietary';

export function dietarySql(columns: { allergens: PgColumn; diets: PgColumn }, filter: DietaryFilter): SQL {
  const c = dietaryCondition(filter);
  if ('without' in c) return sql`(${columns.allergens} is not null and not (${c.without} = any(${columns.allergens})))`;
  return sql`(${columns.diets} && ${sql.raw(`'{${c.anyDiet.join(',')}}'::text[]`)})`;
}
