// The class preparation kit e-mail, in French and the site's look: the ingredients scaled to the
// servings the learner chose, the equipment as written, the class's date with its zone named.
// The same function renders the admin's preview, so the chef sees what the learner gets.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { scalePrepKit, servingsLabel } from '@shared/prep-kit';
import { renderEmail, type EmailContent } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

export type PrepKitMailInput = {
  to: { email: string; name: string };
  courseTitle: string;
  startsAt: Date;
  kit: string;
  /** What the kit is written for, and what the learner cooks for. */
  kitServings: number;
  servings: number;
  /** The course's substitutions matching this booking's dietary needs (docs/decisions/0053); none: the kit alone. */
  substitutions?: { label: string; text: string }[];
  publicUrl: string;
  /** Where this person turns the kit e-mails off. */
  unsubscribeUrl: string;
};

export const prepKitSubject = (courseTitle: string) => `Trousse de préparation : ${courseTitle}`;

/** The in-app notification's title and body. */
export function prepKitNotice(courseTitle: string, startsAt: Date): { title: string; body: string } {
  return {
    title: prepKitSubject(courseTitle),
    body: `La liste des ingrédients et du matériel pour votre cours du ${formatSessionDateTime(startsAt, CHEF_TIME_ZONE)}.`,
  };
}

// The layout holds paragraphs: a list is a heading paragraph and one bulleted line each.
const bullets = (lines: string[]) => lines.map((line) => `• ${line}`);

export function prepKitMail(input: PrepKitMailInput): Mail {
  const kit = scalePrepKit(input.kit, input.kitServings, input.servings);
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const paragraphs = [
    `Votre cours en direct « ${input.courseTitle} » a lieu le ${when}. Voici de quoi faire vos courses à temps et préparer votre cuisine.`,
  ];
  if (kit.ingredients.length) paragraphs.push(`Ingrédients (pour ${servingsLabel(input.servings)}) :`, ...bullets(kit.ingredients));
  if (kit.equipment.length) paragraphs.push('Matériel :', ...bullets(kit.equipment));
  const subs = input.substitutions ?? [];
  if (subs.length) paragraphs.push('Substitutions pour vos besoins alimentaires :', ...bullets(subs.map((s) => `${s.label} : ${s.text}`)));
  paragraphs.push('Bonne cuisine !');
  const content: EmailContent = {
    subject: prepKitSubject(input.courseTitle),
    greeting: `Bonjour ${input.to.name},`,
    paragraphs,
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Date', value: when },
      { label: 'Portions', value: servingsLabel(input.servings) },
    ],
    action: { text: 'Voir mon calendrier', href: new URL('/calendrier', input.publicUrl).toString() },
    reason: 'vous avez réservé une place à ce cours en direct sur Toque',
    unsubscribe: { url: input.unsubscribeUrl, text: 'Ne plus recevoir les trousses de préparation' },
  };
  return renderEmail(input.to.email, content);
}
