// What a recipe or a class says of allergies and diets, for the public: the diets as badges (a card,
// a page) and, on a page, the allergens it contains — or that the chef has not said yet.
import { Leaf } from 'lucide-react';
import { ALLERGEN_LABELS, DIET_LABELS, type Allergen, type Diet } from '@shared/dietary';
import { Badge } from '@client/components/ui/Badge';
import { cn } from '@client/lib/cn';

/** « Végétalien » says « Végétarien » too: only the stricter one is shown. */
export function DietBadges({ diets, className }: { diets: readonly Diet[]; className?: string }) {
  const shown: Diet[] = diets.includes('vegan') ? ['vegan'] : diets.filter((d) => d === 'vegetarian');
  if (shown.length === 0) return null;
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {shown.map((d) => (
        <Badge key={d} tone="neutral" className="border-herb/40 text-herb">
          <Leaf aria-hidden="true" className="size-3.5" />
          {DIET_LABELS[d]}
        </Badge>
      ))}
    </span>
  );
}

/** « Allergènes : Gluten, Lactose » / « Aucun allergène courant » / « Allergènes non précisés ». */
export function AllergenLine({ allergens, className }: { allergens: readonly Allergen[] | null; className?: string }) {
  const text =
    allergens === null
      ? 'Allergènes non précisés'
      : allergens.length === 0
        ? 'Aucun des allergènes courants (gluten, lactose, noix, arachides, fruits de mer, œufs)'
        : `Contient : ${allergens.map((a) => ALLERGEN_LABELS[a].toLowerCase()).join(', ')}`;
  return <p className={cn('text-sm text-muted', className)}>{text}</p>;
}
