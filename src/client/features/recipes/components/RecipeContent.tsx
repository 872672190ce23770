// The recipe itself: the kitchen tools (servings, print, cook mode), the ingredients written for the
// chosen servings, and the numbered steps. On paper (window.print) only the ingredients and steps
// remain, with the servings they are for (styles.css hides the site around them).
import { ChefHat, Printer } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@client/components/ui/Button';
import { loadQuantities, useScaledIngredients } from '../use-scaled-ingredients';
import { useServings } from '../use-servings';
import { ServingsStepper } from './ServingsStepper';

// Cook mode (timers, wake lock, sound) loads when a cook opens it, not with the public page.
const loadCookMode = () => import('../cook-mode/CookModeDialog');
const CookModeDialog = lazy(loadCookMode);

type Props = { recipeName: string; recipeServings: number; ingredients: string[]; steps: string[] };

const portions = (n: number) => `${n} portion${n > 1 ? 's' : ''}`;

export function RecipeContent({ recipeName, recipeServings, ingredients, steps }: Props) {
  const [servings, setServings] = useServings(recipeServings);
  const { lines: scaled, servings: shown } = useScaledIngredients(ingredients, recipeServings, servings);
  const [cooking, setCooking] = useState(false);
  const cookButton = useRef<HTMLButtonElement>(null);
  // The dialog is unmounted on close, so the focus is put back on its button here.
  const closeCookMode = () => {
    setCooking(false);
    requestAnimationFrame(() => cookButton.current?.focus());
  };

  return (
    <div className="space-y-8 print:space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5 print:hidden">
        <div onPointerEnter={() => void loadQuantities()} onFocus={() => void loadQuantities()}>
          <ServingsStepper servings={servings} onChange={setServings} />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-3">
          <Button variant="secondary" onClick={() => window.print()} className="whitespace-nowrap px-3 sm:px-5">
            <Printer aria-hidden="true" className="size-5" />
            Imprimer
          </Button>
          <Button ref={cookButton} onClick={() => setCooking(true)} onPointerEnter={() => void loadCookMode()} onFocus={() => void loadCookMode()} className="whitespace-nowrap px-3 sm:px-5">
            <ChefHat aria-hidden="true" className="size-5" />
            Mode cuisine
          </Button>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-12 print:block">
        <section
          aria-labelledby="recipe-ingredients"
          className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6 lg:self-start print:mb-6 print:break-inside-avoid print:rounded-none print:border-0 print:p-0 print:shadow-none"
        >
          <h2 id="recipe-ingredients" className="text-2xl font-semibold text-ink">
            Ingrédients
          </h2>
          <p className="mb-4 mt-1 text-muted print:text-ink" data-testid="recipe-servings-line">
            Pour {portions(shown)}
            {shown !== recipeServings ? <span className="print:hidden"> (recette originale : {portions(recipeServings)})</span> : null}
          </p>
          <ul className="space-y-2.5 print:space-y-1">
            {scaled.map((item, i) => (
              <li key={i} className="flex gap-3 leading-snug text-ink">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600 print:bg-ink" />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recipe-steps">
          <h2 id="recipe-steps" className="mb-4 text-2xl font-semibold text-ink">
            Préparation
          </h2>
          <ol className="space-y-5 print:space-y-3">
            {steps.map((step, i) => (
              <li key={i} className="flex gap-4 print:break-inside-avoid">
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-lg font-semibold text-white print:size-7 print:border print:border-ink print:bg-transparent print:text-base print:text-ink"
                >
                  {i + 1}
                </span>
                <p className="pt-1 leading-relaxed text-ink print:pt-0.5">
                  <span className="sr-only">Étape {i + 1} : </span>
                  {step}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      {cooking ? (
        <Suspense fallback={null}>
          <CookModeDialog
            recipeName={recipeName}
            servings={shown}
            ingredients={scaled}
            steps={steps}
            onClose={closeCookMode}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
