// GET /api/recipes and /api/recipes/:id.
import { Hono } from 'hono';
import { recipeListQuery, type RecipeListResponse, type RecipeResponse } from '@shared/schemas/public';
import type { AppEnv } from '../../http/app-env';
import { getViewer } from '../../http/viewer';
import { publicCacheable } from '../../web/public-cache';
import { readQuery } from '../params';
import type { RecipeService } from './service';

export function recipeRoutes(recipes: RecipeService) {
  const app = new Hono<AppEnv>();
  app.use('*', publicCacheable());
  app.get('/', async (c) => {
    const query = readQuery(c, recipeListQuery);
    return c.json<RecipeListResponse>(await recipes.list(query));
  });
  app.get('/:id', async (c) => {
    return c.json<RecipeResponse>({ recipe: await recipes.detail(c.req.param('id'), await getViewer(c)) });
  });
  return app;
}
