// /api/favorites: the session's own favourites. PUT and DELETE carry no body and are idempotent.
import { Hono } from 'hono';
import type { FavoriteIdsResponse, FavoriteRecipesResponse, FavoriteToggleResponse } from '@shared/schemas/account';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import type { FavoriteService } from './service';

export function favoriteRoutes(favorites: FavoriteService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<FavoriteIdsResponse>({ recipeIds: await favorites.ids(userId) });
  });

  app.get('/recipes', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<FavoriteRecipesResponse>({ recipes: await favorites.recipes(userId) });
  });

  app.put('/:recipeId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<FavoriteToggleResponse>(await favorites.add(userId, c.req.param('recipeId')));
  });

  app.delete('/:recipeId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<FavoriteToggleResponse>(await favorites.remove(userId, c.req.param('recipeId')));
  });

  return app;
}
