// Chefs of the public site: profiles whose role teaches (chef, or the admin who runs the site).
import type { Viewer } from '@shared/access';
import type { ChefResponse, ChefSummary } from '@shared/schemas/public';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { CourseService } from '../courses/service';
import { isChefId } from '../params';
import * as repo from './repository';

export type ChefService = ReturnType<typeof chefService>;

export function chefService(deps: Pick<Deps, 'database'>, courses: CourseService) {
  const db = () => deps.database.db;
  return {
    list: (): Promise<ChefSummary[]> => repo.listChefs(db()),

    siteChef: (): Promise<ChefSummary | null> => repo.findSiteChef(db()),

    /** A chef and their published courses, newest first; malformed or unknown id is CHEF_NOT_FOUND. */
    async detail(id: string, viewer: Viewer): Promise<ChefResponse> {
      if (!isChefId(id)) throw new AppError('CHEF_NOT_FOUND');
      const [chef, taught] = await Promise.all([repo.findChef(db(), id), courses.byTeacher(id, viewer)]);
      if (!chef) throw new AppError('CHEF_NOT_FOUND');
      return { chef, courses: taught };
    },

    stamps: () => repo.listChefStamps(db()),
  };
}
