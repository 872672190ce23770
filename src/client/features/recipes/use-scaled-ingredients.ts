// The ingredient lines for the chosen servings. The French quantity parser (about 4 kB) loads only
// once a reader changes the servings (or opens a link with ?portions=): the public page's first load
// stays light. Until it is there, the lines stay as written with the servings they are written for.
import { useEffect, useState } from 'react';

type Quantities = typeof import('@shared/recipes/quantities');

let loaded: Quantities | null = null;
let loading: Promise<Quantities> | null = null;

export function loadQuantities(): Promise<Quantities> {
  loading ??= import('@shared/recipes/quantities').then((m) => (loaded = m));
  return loading;
}

/** `lines` and the servings they hold: `to` once scaled, `from` while the parser loads. */
export function useScaledIngredients(lines: string[], from: number, to: number): { lines: string[]; servings: number } {
  const [module, setModule] = useState<Quantities | null>(loaded);
  const needed = from !== to;

  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    void loadQuantities().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [needed, module]);

  if (!needed) return { lines, servings: from };
  if (!module) return { lines, servings: from };
  return { lines: module.scaleIngredients(lines, from, to), servings: to };
}
