// The modal 'Ajouter une recette' / 'Modifier la recette' (spec: admin recipe panel). Name, category,
// duration, ingredients and preparation are required — a submit without them raises the
// destructive toast 'Champs requis' and marks the fields. Ingredients and steps are one per line;
// blank lines are dropped by the shared schema (the server applies the same). Beyond the spec: a
// picture (checked again by the server), the premium flag and the servings.
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff, ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { RECIPE_CATEGORIES, RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { ERROR_MESSAGES } from '@shared/errors';
import {
  adminRecipeInput,
  RECIPE_IMAGE_ACCEPT,
  RECIPE_IMAGE_MAX_BYTES,
  type AdminRecipe,
  type AdminRecipeInput,
  type AdminRecipeValues,
} from '@shared/schemas/admin-recipes';
import { Button } from '@client/components/ui/Button';
import { Modal } from '@client/components/ui/Modal';
import { Select } from '@client/components/ui/Select';
import { TextField } from '@client/components/ui/TextField';
import { DietaryTagsFieldset } from '@client/features/dietary';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { ImageNotSavedError, useSaveRecipe } from '../api';
import { TextArea } from './TextArea';

const CATEGORY_OPTIONS = RECIPE_CATEGORIES.map((value) => ({ value, label: RECIPE_CATEGORY_LABELS[value] }));
const REQUIRED = ['name', 'category', 'durationMinutes', 'ingredients', 'steps'] as const;
const FIELDS = [...REQUIRED, 'servings', 'isPremium', 'description'] as const;
const ACCEPTED_TYPES = RECIPE_IMAGE_ACCEPT.split(',');

type FormValues = AdminRecipeInput;

const blank: FormValues = {
  name: '',
  category: undefined as unknown as FormValues['category'],
  durationMinutes: '',
  servings: 4,
  ingredients: '',
  steps: '',
  isPremium: false,
  description: '',
  allergens: [],
  diets: [],
};

const toValues = (r: AdminRecipe): FormValues => ({
  name: r.name,
  category: r.category,
  durationMinutes: r.durationMinutes,
  servings: r.servings,
  ingredients: r.ingredients.join('\n'),
  steps: r.steps.join('\n'),
  isPremium: r.isPremium,
  description: r.description,
  // Saving the form gives them: never given before, none ticked means none (the fieldset says so).
  allergens: r.allergens ?? [],
  diets: r.diets,
});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The French reason the browser can already give for refusing the file, or null to send it. */
function imageProblem(file: File): string | null {
  if (file.size > RECIPE_IMAGE_MAX_BYTES) return ERROR_MESSAGES.FILE_TOO_LARGE;
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return ERROR_MESSAGES.UNSUPPORTED_IMAGE_TYPE;
  return null;
}

type RecipeFormModalProps = {
  open: boolean;
  /** null: add mode (blank form); a recipe: edit mode (prefilled). */
  recipe: AdminRecipe | null;
  onClose: () => void;
};

export function RecipeFormModal({ open, recipe, onClose }: RecipeFormModalProps) {
  const save = useSaveRecipe();
  // The recipe being edited: after a new recipe saved without its picture, the form edits it.
  const [editing, setEditing] = useState<AdminRecipe | null>(recipe);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageId = useId();

  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, AdminRecipeValues>({ resolver: zodResolver(adminRecipeInput), defaultValues: blank });

  // Each opening starts from the recipe as listed (edit) or blank (add).
  useEffect(() => {
    if (!open) return;
    setEditing(recipe);
    reset(recipe ? toValues(recipe) : blank);
    setImage(null);
    setRemoveImage(false);
    setImageError(null);
  }, [open, recipe, reset]);

  // The chosen file's preview lives as long as the choice.
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    setImageError(problem);
    if (problem) return;
    setImage(file);
    setRemoveImage(false);
  };

  const onValid = (values: AdminRecipeValues) =>
    save.mutateAsync({ id: editing?.id, values, image, removeImage }).then(
      (saved) => {
        notifySuccess('Succès', `Recette "${saved.name}" sauvegardée.`);
        onClose();
      },
      (error: unknown) => {
        if (error instanceof ImageNotSavedError) {
          // The recipe exists now: a second try updates it rather than adding another.
          setEditing(error.recipe);
          setImageError(error.message);
        } else if (error && typeof error === 'object' && 'fields' in error) {
          const fields = (error as { fields?: Record<string, string> }).fields;
          for (const field of FIELDS) {
            const message = fields?.[field];
            if (message) setError(field, { message });
          }
        }
        notifyError('Erreur', `La sauvegarde a échoué : ${(error as Error).message}`);
      },
    );

  const onInvalid = () => {
    const values = getValues();
    const missing = REQUIRED.some((field) => isBlank(values[field]));
    if (missing) notifyError('Champs requis', 'Veuillez remplir tous les champs obligatoires.');
    else notifyError('Erreur', ERROR_MESSAGES.VALIDATION_FAILED);
  };

  const allergens = watch('allergens') ?? [];
  const diets = watch('diets') ?? [];

  const shownImage = preview ?? (removeImage ? null : (editing?.imageUrl ?? null));

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={save.isPending}
      title={editing ? 'Modifier la recette' : 'Ajouter une recette'}
      // sm: so it comes after the Modal's own max-w-lg in the stylesheet (cn does not merge classes).
      className="sm:max-w-2xl"
    >
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nom de la recette *" error={errors.name?.message} className="sm:col-span-2" {...register('name')} />
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1.5">
              <Select
                label="Catégorie *"
                name={field.name}
                value={field.value ?? undefined}
                onValueChange={(v) => field.onChange(v)}
                options={CATEGORY_OPTIONS}
                placeholder="Choisir une catégorie"
              />
              {fieldState.error ? <p className="text-sm font-medium text-red-800">{fieldState.error.message}</p> : null}
            </div>
          )}
        />
        <TextField
          label="Durée (minutes) *"
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          placeholder="ex. 45"
          error={errors.durationMinutes?.message}
          {...register('durationMinutes')}
        />
        <TextField
          label="Portions"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          error={errors.servings?.message}
          {...register('servings')}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3 self-end rounded-xl border border-line bg-white px-3 py-2.5 text-base text-ink hover:border-brand-600">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('isPremium')} />
          Recette premium (abonnés)
        </label>
        <TextArea
          label="Description"
          rows={2}
          placeholder="Une phrase pour donner envie (facultatif)"
          error={errors.description?.message}
          className="sm:col-span-2"
          {...register('description')}
        />
        <TextArea
          label="Ingrédients *"
          rows={5}
          hint="Un ingrédient par ligne."
          placeholder={'200 g de farine\n3 œufs'}
          error={errors.ingredients?.message}
          className="sm:col-span-2"
          {...register('ingredients')}
        />
        <TextArea
          label="Préparation *"
          rows={8}
          hint="Une étape par ligne."
          placeholder={'Préchauffer le four à 180 °C.\nMélanger la farine et les œufs.'}
          error={errors.steps?.message}
          className="sm:col-span-2"
          {...register('steps')}
        />

        <DietaryTagsFieldset
          tickWhat="Cochez ce que la recette contient."
          allergens={allergens}
          diets={diets}
          undeclared={editing?.allergens === null}
          onChange={(next) => {
            setValue('allergens', next.allergens, { shouldDirty: true });
            setValue('diets', next.diets, { shouldDirty: true });
          }}
          className="sm:col-span-2"
        />

        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-semibold text-ink">Image</legend>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="flex aspect-[3/2] w-full items-center justify-center overflow-hidden rounded-xl border border-line bg-gradient-to-br from-brand-50 to-brand-100 sm:w-44">
              {shownImage ? (
                <img src={shownImage} alt="Aperçu de l'image de la recette" className="size-full object-cover" />
              ) : (
                <ImagePlus aria-hidden="true" className="size-8 text-brand-600 opacity-70" />
              )}
            </div>
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} aria-describedby={`${imageId}-hint`}>
                  {shownImage ? "Changer l'image" : 'Choisir une image'}
                </Button>
                {shownImage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setImage(null);
                      setRemoveImage(true);
                    }}
                  >
                    <ImageOff aria-hidden="true" className="size-4" />
                    Retirer l’image
                  </Button>
                ) : null}
              </div>
              <input
                ref={fileInput}
                type="file"
                accept={RECIPE_IMAGE_ACCEPT}
                hidden
                onChange={onFile}
                aria-label="Image de la recette"
                data-testid="recipe-image-input"
              />
              <p id={`${imageId}-hint`} className="text-sm text-muted">
                JPG, PNG, GIF ou WebP. Max 2 Mo. Sans image, une illustration est affichée.
              </p>
              <p aria-live="polite" className="text-sm font-medium text-red-800">
                {imageError}
              </p>
            </div>
          </div>
        </fieldset>

        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Annuler
          </Button>
          <Button type="submit" loading={save.isPending}>
            Sauvegarder
          </Button>
        </div>
      </form>
    </Modal>
  );
}
