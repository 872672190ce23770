// Every demo recipe, by category.
import type { DishArt } from '../../images/dish';
import type { SeedRecipe } from '../types';
import { desserts } from './desserts';
import { drinks } from './drinks';
import { mains } from './mains';
import { starters } from './starters';

export const recipes: SeedRecipe[] = [...starters, ...mains, ...desserts, ...drinks];

/** A recipe's top-down dish picture, to reuse as the centrepiece of a course cover. */
export function dishOf(slug: string): DishArt {
  const recipe = recipes.find((r) => r.slug === slug);
  if (!recipe) throw new Error(`Unknown seed recipe: ${slug}`);
  if (recipe.art.view !== 'top') throw new Error(`Seed recipe ${slug} is not drawn from above`);
  return recipe.art;
}
