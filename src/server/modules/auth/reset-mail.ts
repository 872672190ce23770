// The French password-reset e-mail. The link goes to the site's page on the configured public
// origin (never the request's Host), carrying the single-use token.
import type { Mail } from '../../integrations/mail/mailer';

export const RESET_LINK_MINUTES = 30;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function resetPasswordMail(to: { email: string; name: string }, publicUrl: string, token: string): Mail {
  const link = `${publicUrl}/update-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Bonjour ${to.name},`,
    '',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte Toque.',
    `Choisissez un nouveau mot de passe en ouvrant ce lien (valide ${RESET_LINK_MINUTES} minutes, une seule fois) :`,
    '',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.",
    '',
    "L'équipe Toque",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(to.name)},</p>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte Toque.</p>
<p><a href="${escapeHtml(link)}">Choisir un nouveau mot de passe</a> (lien valide ${RESET_LINK_MINUTES} minutes, une seule fois).</p>
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.</p>
<p>L'équipe Toque</p>`;
  return { to: to.email, subject: 'Réinitialisation de votre mot de passe Toque', text, html };
}

/** Sent after a password was replaced (reset link or change): the owner learns of it if it was not them. */
export function passwordChangedMail(to: { email: string; name: string }, publicUrl: string): Mail {
  const text = [
    `Bonjour ${to.name},`,
    '',
    'Votre mot de passe a été changé. Toutes les sessions ouvertes sur votre compte Toque ont été fermées.',
    '',
    `Si vous n'êtes pas à l'origine de ce changement, choisissez tout de suite un nouveau mot de passe avec « Mot de passe oublié ? » sur ${publicUrl} et écrivez-nous.`,
    '',
    "L'équipe Toque",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(to.name)},</p>
<p>Votre mot de passe a été changé. Toutes les sessions ouvertes sur votre compte Toque ont été fermées.</p>
<p>Si vous n'êtes pas à l'origine de ce changement, choisissez tout de suite un nouveau mot de passe avec « Mot de passe oublié ? » sur <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a> et écrivez-nous.</p>
<p>L'équipe Toque</p>`;
  return { to: to.email, subject: 'Votre mot de passe Toque a été changé', text, html };
}
