// The recipe itself: ingredients and numbered preparation steps.
export function RecipeContent({ ingredients, steps }: { ingredients: string[]; steps: string[] }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-12">
      <section aria-labelledby="recipe-ingredients" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6 lg:self-start">
        <h2 id="recipe-ingredients" className="mb-4 text-2xl font-semibold text-ink">
          Ingrédients
        </h2>
        <ul className="space-y-2.5">
          {ingredients.map((item, i) => (
            <li key={i} className="flex gap-3 leading-snug text-ink">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600" />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="recipe-steps">
        <h2 id="recipe-steps" className="mb-4 text-2xl font-semibold text-ink">
          Préparation
        </h2>
        <ol className="space-y-5">
          {steps.map((step, i) => (
            <li key={i} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-lg font-semibold text-white"
              >
                {i + 1}
              </span>
              <p className="pt-1 leading-relaxed text-ink">
                <span className="sr-only">Étape {i + 1} : </span>
                {step}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
