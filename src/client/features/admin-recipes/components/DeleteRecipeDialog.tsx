// The deletion's confirmation (spec): 'Êtes-vous sûr ?', what will happen, Annuler and Confirmer.
import type { AdminRecipe } from '@shared/schemas/admin-recipes';
import { Button } from '@client/components/ui/Button';
import { Modal } from '@client/components/ui/Modal';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useDeleteRecipe } from '../api';
import { runMutation } from '@client/lib/run-mutation';

export function DeleteRecipeDialog({ recipe, onClose }: { recipe: AdminRecipe | null; onClose: () => void }) {
  const remove = useDeleteRecipe();
  const confirm = () => {
    if (!recipe) return;
    runMutation(remove, recipe, {
      onSuccess: () => {
        notifySuccess('Succès', 'Recette supprimée.');
        onClose();
      },
      onError: (error) => notifyError('Erreur', `La suppression a échoué : ${error.message}`),
    });
  };
  return (
    <Modal
      open={recipe !== null}
      onClose={onClose}
      busy={remove.isPending}
      title="Êtes-vous sûr ?"
      description={recipe ? `Cette action est irréversible. La recette "${recipe.name}" sera définitivement supprimée.` : undefined}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
          Annuler
        </Button>
        <Button onClick={confirm} loading={remove.isPending} className="bg-red-700 hover:bg-red-800 active:bg-red-800">
          Supprimer la recette
        </Button>
      </div>
    </Modal>
  );
}
