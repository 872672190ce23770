// schema.org objects for search engines: Organization and WebSite (home), Recipe, Course with an
// Event per upcoming live session, Person (chef). Premium recipes are marked as paywalled and
// never carry their ingredients or steps.
import { DIFFICULTY_LABELS, RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { isoDuration } from '@shared/format';
import type { ChefSummary, CourseDetail, RecipeDetail } from '@shared/schemas/public';
import { SITE_NAME } from './head';

type Thing = Record<string, unknown>;

/** The CSS class the client puts on the locked part of a premium page (the paywalled element). */
export const PREMIUM_SELECTOR = '.premium-content';

const SCHEMA = 'https://schema.org/';

export function organization(base: string): Thing {
  return { '@type': 'Organization', '@id': `${base}/#organization`, name: SITE_NAME, url: `${base}/`, logo: `${base}/favicon.svg` };
}

const orgRef = (base: string) => ({ '@id': `${base}/#organization` });

export function website(base: string): Thing {
  return {
    '@type': 'WebSite',
    '@id': `${base}/#website`,
    name: SITE_NAME,
    url: `${base}/`,
    inLanguage: 'fr-CA',
    publisher: orgRef(base),
  };
}

function person(base: string, chef: Pick<ChefSummary, 'id' | 'fullName'>): Thing {
  return { '@type': 'Person', name: chef.fullName, url: `${base}/chefs/${encodeURIComponent(chef.id)}` };
}

/** '19.99': schema.org prices are plain decimals with a dot. */
const price = (cents: number) => (cents / 100).toFixed(2);

/** schema.org's RestrictedDiet values the tags support: a gluten-free one only once allergens were given. */
function suitableForDiet(r: Pick<RecipeDetail, 'allergens' | 'diets'>): string[] {
  const out: string[] = [];
  if (r.diets.includes('vegan')) out.push('https://schema.org/VeganDiet');
  if (r.diets.includes('vegan') || r.diets.includes('vegetarian')) out.push('https://schema.org/VegetarianDiet');
  if (r.allergens !== null && !r.allergens.includes('gluten')) out.push('https://schema.org/GlutenFreeDiet');
  if (r.allergens !== null && !r.allergens.includes('lactose')) out.push('https://schema.org/LowLactoseDiet');
  return out;
}

export function recipe(base: string, r: RecipeDetail, image: string, author: ChefSummary | null): Thing {
  const url = `${base}/recettes/${r.id}`;
  const thing: Thing = {
    '@type': 'Recipe',
    '@id': `${url}#recipe`,
    name: r.name,
    description: r.description,
    url,
    image: [image],
    inLanguage: 'fr-CA',
    recipeCategory: RECIPE_CATEGORY_LABELS[r.category],
    totalTime: isoDuration(r.durationMinutes),
    recipeYield: `${r.servings} portions`,
    author: author ? person(base, author) : { '@type': 'Organization', name: SITE_NAME, url: `${base}/` },
    publisher: orgRef(base),
    datePublished: r.createdAt,
  };
  const diets = suitableForDiet(r);
  if (diets.length > 0) thing.suitableForDiet = diets;
  if (r.isPremium) {
    // Google's paywalled-content markup: the page is not free, and this element is the locked part.
    thing.isAccessibleForFree = false;
    thing.hasPart = { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PREMIUM_SELECTOR };
  }
  // Only what this viewer may read; a locked recipe has none to give.
  if (!r.locked && r.ingredients && r.steps) {
    thing.recipeIngredient = r.ingredients;
    thing.recipeInstructions = r.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text }));
  }
  return thing;
}

function sessionEnd(startsAt: string, minutes: number): string {
  return new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString();
}

/** Sessions announced as events; a handful is plenty for a page. */
const MAX_EVENTS = 10;

export function courseGraph(base: string, c: CourseDetail, image: string): Thing[] {
  const url = `${base}/cours/${c.id}`;
  const offer = (extra: Thing = {}) => ({
    '@type': 'Offer',
    url,
    price: price(c.priceCents),
    priceCurrency: 'CAD',
    category: c.priceCents === 0 ? 'Free' : 'Paid',
    ...extra,
  });
  const instructor = c.teacher ? person(base, c.teacher) : undefined;
  const sessions = c.isLive ? c.sessions.slice(0, MAX_EVENTS) : [];
  const instances: Thing[] = sessions.length
    ? sessions.map((s) => ({
        '@type': 'CourseInstance',
        courseMode: 'online',
        startDate: s.startsAt,
        endDate: sessionEnd(s.startsAt, s.durationMinutes),
        location: { '@type': 'VirtualLocation', url },
        ...(instructor ? { instructor } : {}),
      }))
    : [
        {
          '@type': 'CourseInstance',
          courseMode: 'online',
          ...(c.durationMinutes ? { courseWorkload: isoDuration(c.durationMinutes) } : {}),
          ...(instructor ? { instructor } : {}),
        },
      ];
  const course: Thing = {
    '@type': 'Course',
    '@id': `${url}#course`,
    name: c.title,
    description: c.description,
    url,
    image: [image],
    inLanguage: 'fr-CA',
    educationalLevel: DIFFICULTY_LABELS[c.difficulty],
    provider: { '@type': 'Organization', name: SITE_NAME, sameAs: `${base}/` },
    // Nothing empty is for sale (DESIGN §7): a course not yet deliverable is out of stock, not offered.
    offers: [offer({ availability: c.entitlement.status === 'coming_soon' ? `${SCHEMA}OutOfStock` : `${SCHEMA}InStock` })],
    hasCourseInstance: instances,
  };
  const events: Thing[] = sessions.map((s) => ({
    '@type': 'Event',
    name: c.title,
    description: c.description,
    url,
    image: [image],
    startDate: s.startsAt,
    endDate: sessionEnd(s.startsAt, s.durationMinutes),
    eventStatus: `${SCHEMA}EventScheduled`,
    eventAttendanceMode: `${SCHEMA}OnlineEventAttendanceMode`,
    location: { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'Organization', name: SITE_NAME, url: `${base}/` },
    ...(instructor ? { performer: instructor } : {}),
    offers: offer({ availability: s.seatsLeft > 0 ? `${SCHEMA}InStock` : `${SCHEMA}SoldOut`, validFrom: c.createdAt }),
    inLanguage: 'fr-CA',
  }));
  return [course, ...events];
}

export function chefPerson(base: string, chef: ChefSummary, image: string, specialty: string, bio: string): Thing {
  return {
    ...person(base, chef),
    '@id': `${base}/chefs/${encodeURIComponent(chef.id)}#person`,
    jobTitle: specialty,
    description: bio,
    image,
    worksFor: { '@type': 'Organization', name: SITE_NAME, url: `${base}/` },
  };
}
