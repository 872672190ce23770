// What this feature offers the others (decision 0023): the allergen and diet tags, to edit and to show.
export { AllergenLine, DietBadges } from './DietaryBadges';
export { DietaryTagsFieldset } from './DietaryTagsFieldset';
export { SeatNeedsFieldset, seatName } from './SeatNeedsFieldset';
