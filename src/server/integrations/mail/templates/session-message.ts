// « Écrire aux participants »: the chef's own words to the attendees of one live session, on the
// site's look, with the class named so they know which one it is about.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import { greeting, siteUrl, type Recipient } from './common';

export type SessionMessageInput = { to: Recipient; publicUrl: string; courseTitle: string; startsAt: Date; subject: string; body: string };

export function sessionMessageMail(input: SessionMessageInput): Mail {
  return renderEmail(input.to.email, {
    subject: input.subject,
    greeting: greeting(input.to),
    // The chef's paragraphs as she wrote them (blank lines separate them).
    paragraphs: input.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean),
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Date', value: formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE) },
    ],
    action: { text: 'Voir mon calendrier', href: siteUrl(input.publicUrl, '/calendrier') },
    reason: 'vous avez réservé une place à ce cours en direct sur Toque',
  });
}
