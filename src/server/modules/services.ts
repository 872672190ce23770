// The public site's services, built once per app from its dependencies; the API routes and the
// HTML pages read through the same ones, so a page and its API answer never disagree.
import type { CancellationPolicy } from '@shared/booking';
import type { PrivacyInfoResponse } from '@shared/schemas/privacy';
import type { Deps } from '../deps';
import { readCancellationPolicy } from './booking/policy';
import { chefService, type ChefService } from './chefs/service';
import { courseService, type CourseService } from './courses/service';
import { homeService, type HomeService } from './home/service';
import { privacyInfo } from './privacy/privacy-info';
import { recipeService, type RecipeService } from './recipes/service';

export type PublicServices = {
  courses: CourseService;
  recipes: RecipeService;
  chefs: ChefService;
  home: HomeService;
  /** The privacy policy's configured facts (officer, retention): GET /api/legal/privacy and the page's first HTML. */
  privacyInfo: () => PrivacyInfoResponse;
  /** The school's « Politique d'annulation », as the FAQ and the terms state it: GET /api/legal/booking-policy and their first HTML. */
  bookingPolicy: () => Promise<CancellationPolicy>;
};

export function createPublicServices(deps: Deps): PublicServices {
  const courses = courseService(deps);
  const recipes = recipeService(deps);
  const chefs = chefService(deps, courses);
  return { courses, recipes, chefs, home: homeService(courses, recipes, chefs), privacyInfo: () => privacyInfo(deps.config), bookingPolicy: () => readCancellationPolicy(deps.database.db) };
}
