// The home page's data (spec: up to 3 upcoming live courses, 3 latest recipes, one chef).
import type { Viewer } from '@shared/access';
import type { HomeData } from '@shared/schemas/public';
import type { ChefService } from '../chefs/service';
import type { CourseService } from '../courses/service';
import type { RecipeService } from '../recipes/service';

export const HOME_COURSES = 3;
export const HOME_RECIPES = 3;

export type HomeService = ReturnType<typeof homeService>;

export function homeService(courses: CourseService, recipes: RecipeService, chefs: ChefService) {
  return {
    async get(viewer: Viewer): Promise<HomeData> {
      const [upcoming, newest, chef] = await Promise.all([
        courses.upcomingLive(HOME_COURSES, viewer),
        recipes.newest(HOME_RECIPES),
        chefs.siteChef(),
      ]);
      return { courses: upcoming, recipes: newest, chef };
    },
  };
}
