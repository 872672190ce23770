// /faq (spec: five questions — live classes, equipment, cancellation, missed classes, recipes). The
// cancellation's hours are the school's « Politique d'annulation » (in the page's first HTML).
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { DEFAULT_CANCELLATION_POLICY } from '@shared/booking';
import { formatPrice } from '@shared/format';
import { BOOKING_POLICY_PATH, type BookingPolicyResponse } from '@shared/schemas/transfers';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { LegalArticle } from './components/LegalArticle';
import { LEGAL } from './legal-info';

const questions = (hours: number): { question: string; answer: ReactNode }[] => [
  {
    question: 'Comment fonctionnent les cours en direct ?',
    answer: (
      <>
        <p>
          Chaque cours en direct propose plusieurs séances à date et heure fixes, en petit groupe (le nombre de places
          est limité et affiché sur la page du cours). Choisissez une séance, réservez-la et réglez-la par carte : votre
          place vous est alors garantie.
        </p>
        <p>
          Le cours a lieu en visioconférence. Le lien de la séance apparaît dans votre calendrier Toque avant le cours ;
          vous cuisinez en même temps que le chef, qui répond à vos questions en direct. Les heures sont toujours
          affichées dans votre fuseau horaire.
        </p>
      </>
    ),
  },
  {
    question: 'De quel matériel ai-je besoin ?',
    answer: (
      <>
        <p>
          Un ordinateur, une tablette ou un téléphone avec une connexion Internet stable suffit ; une caméra est utile si
          vous souhaitez montrer votre plat, mais elle n'est pas obligatoire.
        </p>
        <p>
          Côté cuisine, les ustensiles de base (planche, bons couteaux, casseroles, poêle, saladier) font l'affaire. La
          page de chaque cours précise les ingrédients et, si nécessaire, le matériel particulier à prévoir : gardez-la
          sous la main pour faire vos courses avant la séance.
        </p>
      </>
    ),
  },
  {
    question: "Quelle est votre politique d'annulation ?",
    answer: (
      <>
        <p>
          Vous pouvez annuler une réservation et être <strong>remboursé intégralement</strong> jusqu'à{' '}
          <strong>{hours} heures avant le début du cours</strong>.
        </p>
        <p>
          Moins de {hours} heures avant le cours, la réservation <strong>n'est plus remboursable</strong> : la place vous
          reste réservée et l'enregistrement du cours vous sera accessible. Si nous devons annuler une séance, vous êtes
          remboursé en totalité. Les détails figurent dans nos{' '}
          <Link to="/terms-of-service">conditions d'utilisation</Link>.
        </p>
      </>
    ),
  },
  {
    question: 'Que se passe-t-il si je manque un cours en direct ?',
    answer: (
      <p>
        Rien n'est perdu : <strong>tous les cours en direct sont enregistrés</strong>. L'enregistrement est disponible
        dans <strong>« Mes Achats »</strong>, depuis votre compte, après la séance. Vous pouvez le regarder autant de
        fois que vous le souhaitez.
      </p>
    ),
  },
  {
    question: 'Les recettes sont-elles accessibles à tous ?',
    answer: (
      <>
        <p>
          La plupart des recettes de la <Link to="/recettes">bibliothèque</Link> sont gratuites et accessibles à tous,
          sans compte.
        </p>
        <p>
          Les recettes marquées « Premium » sont réservées aux abonnés. L'
          <Link to="/abonnement">abonnement</Link>, à {formatPrice(SUBSCRIPTION_PRICE_CENTS)} par mois (taxes en sus),
          donne accès à toutes les recettes, à tous les cours enregistrés et à des rabais sur les cours en direct.
        </p>
      </>
    ),
  },
];

export default function FaqPage() {
  usePageTitle('Foire aux questions');
  const policy = useApiQuery<BookingPolicyResponse>(BOOKING_POLICY_PATH).data?.policy ?? DEFAULT_CANCELLATION_POLICY;
  return (
    <LegalArticle title="Foire aux questions" intro="Tout ce qu'il faut savoir avant de passer en cuisine avec nous.">
      <div className="space-y-3">
        {questions(policy.refundNoticeHours).map(({ question, answer }, i) => (
          <details
            key={question}
            open={i === 0}
            className="group rounded-2xl border border-line bg-white shadow-sm open:ring-1 open:ring-brand-100"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-display text-lg font-semibold text-ink hover:text-brand-800 [&::-webkit-details-marker]:hidden">
              <h2 className="m-0! text-lg!">{question}</h2>
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
            </summary>
            <div className="space-y-3 px-5 pb-5 text-ink">{answer}</div>
          </details>
        ))}
      </div>
      <p className="pt-6 text-muted">
        Une autre question ? Écrivez-nous à <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a>.
      </p>
    </LegalArticle>
  );
}
