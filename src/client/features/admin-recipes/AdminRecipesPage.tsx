// /admin/recettes — Tableau de Bord Admin, tab Recettes (spec: admin recipe management panel).
// Search 'Rechercher une recette...' (300 ms after the last key, any case, part of the name),
// 'Ajouter une recette', a grid of cards with 'Modifier' and 'Supprimer', the form's modal and
// the deletion's confirmation.
import { BookOpen, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminRecipe } from '@shared/schemas/admin-recipes';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { SearchField } from '@client/components/ui/SearchField';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { cn } from '@client/lib/cn';
import { notifyError } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { AdminShell } from '@client/app/layout/AdminShell';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { PAGE_SIZE, useAdminRecipes } from './api';
import { AdminRecipeCard } from './components/AdminRecipeCard';
import { DeleteRecipeDialog } from './components/DeleteRecipeDialog';
import { RecipeFormModal } from './components/RecipeFormModal';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

/** The form's state: closed, open blank (add) or open on a recipe (edit). */
type FormState = { open: false } | { open: true; recipe: AdminRecipe | null };

export default function AdminRecipesPage() {
  usePageTitle('Recettes — Tableau de Bord Admin');
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const list = useAdminRecipes(q);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<AdminRecipe | null>(null);

  useEffect(() => {
    if (list.error) notifyError('Erreur', 'Impossible de charger les recettes.');
  }, [list.error]);

  const recipes = list.data?.recipes ?? [];
  const total = list.data?.total ?? 0;

  return (
    <AdminShell>
      <section aria-labelledby={`${searchId}-title`}>
        <h2 id={`${searchId}-title`} className="sr-only">
          Recettes
        </h2>
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <SearchField
            label="Rechercher une recette"
            hideLabel
            value={text}
            onChange={setText}
            placeholder="Rechercher une recette..."
            count={
              list.data
                ? `${total === 0 ? 'Aucune recette' : total === 1 ? '1 recette' : `${total} recettes`}${total > PAGE_SIZE ? ` — les ${PAGE_SIZE} plus récentes affichées, précisez la recherche` : ''}`
                : null
            }
            className="sm:max-w-md"
          />
          <Button onClick={() => setForm({ open: true, recipe: null })} className="w-full sm:w-auto">
            <Plus aria-hidden="true" className="size-5" />
            Ajouter une recette
          </Button>
        </div>

        {list.isPending ? (
          <div role="status" aria-label="Chargement des recettes" className={GRID}>
            {Array.from({ length: 6 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <ErrorPanel title="Impossible de charger les recettes." message={list.error.message} onRetry={() => void list.refetch()} />
        ) : recipes.length === 0 ? (
          <EmptyState
            icon={<BookOpen className="size-10" />}
            title={q ? `Aucune recette ne correspond à « ${q} ».` : 'Aucune recette pour le moment.'}
            titleAs="h3"
            hint={q ? 'Essayez un autre mot du nom.' : 'Ajoutez la première recette de la bibliothèque.'}
            action={
              q ? (
                <Button variant="secondary" onClick={() => setText('')}>
                  Effacer la recherche
                </Button>
              ) : null
            }
          />
        ) : (
          <div className={cn(GRID, 'transition-opacity', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isPlaceholderData || undefined}>
            {recipes.map((recipe) => (
              <AdminRecipeCard key={recipe.id} recipe={recipe} onEdit={(r) => setForm({ open: true, recipe: r })} onDelete={setToDelete} />
            ))}
          </div>
        )}
      </section>

      <RecipeFormModal open={form.open} recipe={form.open ? form.recipe : null} onClose={() => setForm({ open: false })} />
      <DeleteRecipeDialog recipe={toDelete} onClose={() => setToDelete(null)} />
    </AdminShell>
  );
}
