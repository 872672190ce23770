// Which pictures the demo needs, and where each is stored.
import { courses } from '../content/courses';
import { chefs } from '../content/people';
import { recipes } from '../content/recipes';
import { coverSvg } from './cover';
import { dishSvg } from './dish';
import { drinkSvg } from './drink';
import { portraitSvg } from './portrait';
import { createRng } from './random';
import type { ImageJob } from './render';

/** 'Geneviève Tremblay' → 'genevieve-tremblay'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const recipeImageKey = (slug: string) => `seed/recipes/${slug}.webp`;
export const courseImageKey = (slug: string) => `seed/courses/${slug}.webp`;
export const chefImageKey = (fullName: string) => `seed/chefs/${slugify(fullName)}.webp`;

export function seedImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const r of recipes) {
    const art = r.art;
    jobs.push({
      key: recipeImageKey(r.slug),
      width: 1200,
      height: 800,
      // The slug seeds the randomness: the same recipe always gets the same picture.
      svg: () => (art.view === 'top' ? dishSvg(art, createRng(r.slug)) : drinkSvg(art, createRng(r.slug))),
    });
  }
  for (const c of courses) {
    jobs.push({ key: courseImageKey(c.slug), width: 1200, height: 800, svg: () => coverSvg(c.cover, createRng(c.slug)) });
  }
  for (const p of chefs) {
    const portrait = p.portrait;
    if (!portrait) continue;
    jobs.push({ key: chefImageKey(p.fullName), width: 600, height: 600, svg: () => portraitSvg(portrait, createRng(p.email)) });
  }
  return jobs;
}
