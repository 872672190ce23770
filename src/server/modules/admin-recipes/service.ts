// The admin's recipe panel: list and search, create, update, delete, and a recipe's picture.
// Every write is recorded in the audit trail in its own transaction, and the public pages' cache
// is dropped after it commits (the library, the detail page and the home page show recipes).
import { randomUUID } from 'node:crypto';
import {
  adminRecipeInput,
  type AdminRecipe,
  type AdminRecipeListQuery,
  type AdminRecipeListResponse,
} from '@shared/schemas/admin-recipes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { toStoredImage } from '../../integrations/storage/images';
import { parseInput } from '../../http/validate';
import { invalidatePublicCache } from '../../web/public-cache';
import { recordAudit } from '../audit/service';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

/** A recipe's stored picture: the 3:2 of the site's recipe cards, wide enough for the detail page. */
export const RECIPE_IMAGE_SIZE = { width: 1200, height: 800 };
/** Keys of the pictures uploaded here: the only ones a replacement or a deletion may remove (never the seed's). */
const OWN_IMAGE_KEY = /^recipes\/[0-9a-f-]{36}\.webp$/;

function toAdminRecipe(row: repo.AdminRecipeRow): AdminRecipe {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    durationMinutes: row.durationMinutes,
    servings: row.servings,
    ingredients: row.ingredients,
    steps: row.steps,
    imageUrl: row.imageUrl,
    isPremium: row.isPremium,
    allergens: row.allergens,
    diets: row.diets,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The fields an audit row keeps of a recipe (what a person reading the trail needs). */
const auditSummary = (r: repo.AdminRecipeRow) => ({
  name: r.name,
  category: r.category,
  durationMinutes: r.durationMinutes,
  servings: r.servings,
  isPremium: r.isPremium,
  ingredients: r.ingredients.length,
  steps: r.steps.length,
  allergens: r.allergens,
  diets: r.diets,
});

export function createAdminRecipeService(deps: Pick<Deps, 'database' | 'storage' | 'logger' | 'now'>) {
  const db = () => deps.database.db;

  function ownImageKey(url: string | null): string | null {
    if (!url) return null;
    const key = url.replace(/^\/media\//, '');
    return OWN_IMAGE_KEY.test(key) && deps.storage.publicUrl(key) === url ? key : null;
  }

  /** A file no row points at any more: removing it may fail without undoing the change. */
  async function dropImage(url: string | null): Promise<void> {
    const key = ownImageKey(url);
    if (!key) return;
    await deps.storage.delete(key).catch((err) => deps.logger.warn({ err, key }, 'recipe image not deleted'));
  }

  const notFound = () => new AppError('RECIPE_NOT_FOUND');

  return {
    async list(query: AdminRecipeListQuery): Promise<AdminRecipeListResponse> {
      const { rows, total } = await repo.listRecipes(db(), { nameContains: query.q || undefined, limit: query.limit, offset: query.offset });
      return { recipes: rows.map(toAdminRecipe), total };
    },

    async get(id: string): Promise<AdminRecipe> {
      if (!isUuid(id)) throw notFound();
      const row = await repo.findRecipe(db(), id);
      if (!row) throw notFound();
      return toAdminRecipe(row);
    },

    async create(actorId: string, body: unknown): Promise<AdminRecipe> {
      const values = parseInput(adminRecipeInput, body);
      const row = await db().transaction(async (tx) => {
        const created = await repo.insertRecipe(tx, values, deps.now());
        await recordAudit(tx, { actorId, action: 'recipe.create', targetType: 'recipe', targetId: created.id, details: auditSummary(created) });
        return created;
      });
      invalidatePublicCache();
      return toAdminRecipe(row);
    },

    async update(actorId: string, id: string, body: unknown): Promise<AdminRecipe> {
      if (!isUuid(id)) throw notFound();
      const values = parseInput(adminRecipeInput, body);
      const row = await db().transaction(async (tx) => {
        const before = await repo.findRecipe(tx, id, { lock: true });
        if (!before) throw notFound();
        const after = (await repo.updateRecipe(tx, id, values, deps.now()))!;
        await recordAudit(tx, {
          actorId,
          action: 'recipe.update',
          targetType: 'recipe',
          targetId: id,
          details: { before: auditSummary(before), after: auditSummary(after) },
        });
        return after;
      });
      invalidatePublicCache();
      return toAdminRecipe(row);
    },

    async remove(actorId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const row = await db().transaction(async (tx) => {
        const deleted = await repo.deleteRecipe(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, { actorId, action: 'recipe.delete', targetType: 'recipe', targetId: id, details: auditSummary(deleted) });
        return deleted;
      });
      invalidatePublicCache();
      await dropImage(row.imageUrl);
    },

    /** Checks and re-encodes the picture, stores it, points the recipe at it; the previous one of ours is removed. */
    async replaceImage(actorId: string, id: string, bytes: Buffer): Promise<AdminRecipe> {
      if (!isUuid(id) || !(await repo.findRecipe(db(), id))) throw notFound();
      const image = await toStoredImage(bytes, RECIPE_IMAGE_SIZE);
      const key = `recipes/${randomUUID()}.webp`;
      await deps.storage.put(key, image, 'image/webp');
      const url = deps.storage.publicUrl(key);
      let result: { before: repo.AdminRecipeRow; after: repo.AdminRecipeRow };
      try {
        result = await db().transaction(async (tx) => {
          const before = await repo.findRecipe(tx, id, { lock: true });
          if (!before) throw notFound();
          const after = (await repo.setRecipeImage(tx, id, url, deps.now()))!;
          await recordAudit(tx, { actorId, action: 'recipe.image', targetType: 'recipe', targetId: id, details: { name: after.name, imageUrl: url } });
          return { before, after };
        });
      } catch (err) {
        // Nothing points at the new file: it goes.
        await deps.storage.delete(key).catch(() => {});
        throw err;
      }
      invalidatePublicCache();
      await dropImage(result.before.imageUrl);
      return toAdminRecipe(result.after);
    },

    /** Back to the site's placeholder. */
    async removeImage(actorId: string, id: string): Promise<AdminRecipe> {
      if (!isUuid(id)) throw notFound();
      const result = await db().transaction(async (tx) => {
        const before = await repo.findRecipe(tx, id, { lock: true });
        if (!before) throw notFound();
        const after = (await repo.setRecipeImage(tx, id, null, deps.now()))!;
        await recordAudit(tx, { actorId, action: 'recipe.image_remove', targetType: 'recipe', targetId: id, details: { name: after.name } });
        return { before, after };
      });
      invalidatePublicCache();
      await dropImage(result.before.imageUrl);
      return toAdminRecipe(result.after);
    },
  };
}

export type AdminRecipeService = ReturnType<typeof createAdminRecipeService>;
