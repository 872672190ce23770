// What a chef's card reads when the profile leaves a field empty (spec: defaults).
import { CHEF_DEFAULT_BIO, CHEF_DEFAULT_SPECIALTY } from '@shared/catalog';
import type { ChefSummary } from '@shared/schemas/public';

export const chefSpecialty = (chef: Pick<ChefSummary, 'specialty'>): string => chef.specialty?.trim() || CHEF_DEFAULT_SPECIALTY;
export const chefBio = (chef: Pick<ChefSummary, 'bio'>): string => chef.bio?.trim() || CHEF_DEFAULT_BIO;
export const chefInitial = (chef: Pick<ChefSummary, 'fullName'>): string => chef.fullName.trim().charAt(0).toUpperCase() || '?';
