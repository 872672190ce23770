// The French password-reset e-mail, in the site's e-mail look. The link goes to the site's page on
// the configured public origin (never the request's Host), carrying the single-use token.
//
// Sent straight by the Mailer, not through the job queue: a queued job's data is stored in the
// database, and the token must only ever be stored hashed.
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

export const RESET_LINK_MINUTES = 30;

export function resetPasswordMail(to: { email: string; name: string }, publicUrl: string, token: string): Mail {
  const link = `${publicUrl}/update-password?token=${encodeURIComponent(token)}`;
  return renderEmail(to.email, {
    subject: 'Réinitialisation de votre mot de passe Toque',
    greeting: `Bonjour ${to.name},`,
    paragraphs: [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Toque.',
      `Choisissez un nouveau mot de passe en ouvrant le lien ci-dessous (valide ${RESET_LINK_MINUTES} minutes, une seule fois).`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.",
    ],
    action: { text: 'Choisir un nouveau mot de passe', href: link },
    reason: 'une réinitialisation du mot de passe de votre compte Toque a été demandée',
  });
}

/** Sent after a password was replaced (reset link or change): the owner learns of it if it was not them. */
export function passwordChangedMail(to: { email: string; name: string }, publicUrl: string): Mail {
  return renderEmail(to.email, {
    subject: 'Votre mot de passe Toque a été changé',
    greeting: `Bonjour ${to.name},`,
    paragraphs: [
      'Votre mot de passe a été changé. Toutes les sessions ouvertes sur votre compte Toque ont été fermées.',
      `Si vous n'êtes pas à l'origine de ce changement, choisissez tout de suite un nouveau mot de passe avec « Mot de passe oublié ? » sur ${publicUrl} et écrivez-nous.`,
    ],
    action: { text: 'Aller sur Toque', href: publicUrl },
    reason: 'le mot de passe de votre compte Toque a été changé',
  });
}
