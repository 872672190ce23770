// /terms-of-service: the contract between Toque and its users (Québec law, prices in CAD).
import { Link } from 'react-router';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { DEFAULT_CANCELLATION_POLICY } from '@shared/booking';
import { formatPrice } from '@shared/format';
import { BOOKING_POLICY_PATH, type BookingPolicyResponse } from '@shared/schemas/transfers';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { LegalArticle } from './components/LegalArticle';
import { LEGAL } from './legal-info';

export default function TermsPage() {
  usePageTitle("Conditions d'utilisation");
  // The school's « Politique d'annulation » (in the page's first HTML).
  const policy = useApiQuery<BookingPolicyResponse>(BOOKING_POLICY_PATH).data?.policy ?? DEFAULT_CANCELLATION_POLICY;
  return (
    <LegalArticle
      title="Conditions d'utilisation"
      updated={LEGAL.lastUpdated}
      intro={
        <p>
          Ces conditions encadrent l'utilisation du site {LEGAL.businessName}, l'achat de cours de cuisine en direct et en
          vidéo et l'abonnement mensuel. En créant un compte ou en effectuant un achat, vous les acceptez.
        </p>
      }
    >
      <h2>1. Le service</h2>
      <p>
        {LEGAL.businessName} propose des cours de cuisine en ligne donnés par des chefs : des <strong>cours en direct</strong>{' '}
        en visioconférence, à des séances de date et d'heure fixes et à nombre de places limité ; des{' '}
        <strong>cours enregistrés</strong> à regarder à votre rythme ; une <strong>bibliothèque de recettes</strong> dont
        une partie est réservée aux abonnés.
      </p>

      <h2>2. Votre compte</h2>
      <p>
        Un compte est nécessaire pour acheter, réserver ou vous abonner. Vous devez fournir des renseignements exacts et
        garder votre mot de passe confidentiel ; votre compte est personnel. Nous pouvons suspendre un compte utilisé de
        façon frauduleuse ou abusive.
      </p>

      <h2>3. Prix, taxes et paiement</h2>
      <ul>
        <li>Les prix sont affichés en dollars canadiens (CAD), <strong>taxes en sus</strong>.</li>
        <li>
          Les taxes de vente sont calculées selon la province de votre adresse de facturation et détaillées avant le
          paiement et sur votre reçu ; au Québec : TPS de 5 % et TVQ de 9,975 %.
        </li>
        <li>
          Le paiement se fait par carte, au moment de l'achat, par l'intermédiaire de notre prestataire de paiement
          sécurisé. Une séance n'est réservée qu'une fois le paiement confirmé ; une place peut être retenue pour vous
          quelques minutes pendant que vous payez.
        </li>
      </ul>

      <h2>4. Cours en direct</h2>
      <ul>
        <li>Le lien de la visioconférence vous est communiqué dans votre espace avant la séance. Il est personnel : ne le partagez pas.</li>
        <li>Tous les cours en direct sont enregistrés ; l'enregistrement est ensuite disponible dans « Mes Achats ».</li>
        <li>La liste des ingrédients et du matériel est indiquée sur la page du cours. Vérifiez-la en tenant compte de vos allergies.</li>
      </ul>

      <h2>5. Politique d'annulation et de remboursement</h2>
      <ul>
        <li>
          <strong>Au moins {policy.refundNoticeHours} heures avant le début du cours</strong> : vous pouvez annuler votre réservation et être{' '}
          <strong>remboursé intégralement</strong>, taxes comprises.
        </li>
        <li>
          <strong>Moins de {policy.refundNoticeHours} heures avant le cours</strong>, ou en cas d'absence : <strong>aucun remboursement</strong>.
          L'enregistrement du cours reste à votre disposition.
        </li>
        <li>
          Jusqu'à <strong>{policy.transferUntilHours} heures avant le cours</strong>, vous pouvez aussi transférer votre réservation : vers
          une autre séance du même cours (la différence de prix payée ou remboursée), à une autre personne par courriel, ou en
          crédit Toque.
        </li>
        <li>
          Si nous annulons une séance, vous choisissez entre une autre séance et un remboursement intégral.
        </li>
        <li>
          Cours enregistrés : l'accès est immédiat et permanent dès l'achat. Si un cours ne peut pas être visionné à
          cause d'un problème de notre côté que nous ne corrigeons pas, vous êtes remboursé.
        </li>
      </ul>
      <p>Les remboursements sont versés sur la carte utilisée pour le paiement.</p>

      <h2>6. Abonnement</h2>
      <ul>
        <li>
          L'abonnement coûte {formatPrice(SUBSCRIPTION_PRICE_CENTS)} par mois, taxes en sus. Il se renouvelle
          automatiquement chaque mois, au même prix, par prélèvement sur votre carte.
        </li>
        <li>
          Il donne accès à toutes les recettes, à tous les cours enregistrés, à des rabais sur les cours en direct, à du
          contenu bonus et à un support prioritaire, tant qu'il est actif.
        </li>
        <li>
          Vous pouvez l'annuler en tout temps depuis votre Espace Abonné : il ne sera pas renouvelé et vous gardez
          l'accès jusqu'à la fin de la période déjà payée. Le mois en cours n'est pas remboursé au prorata.
        </li>
        <li>Nous vous avertirons au moins 30 jours à l'avance de toute modification du prix.</li>
      </ul>

      <h2>7. Propriété intellectuelle</h2>
      <p>
        Les vidéos, recettes, textes et photos de {LEGAL.businessName} sont protégés par le droit d'auteur. Ils sont
        destinés à votre usage personnel et non commercial : vous ne pouvez pas les copier, les enregistrer, les revendre
        ni les diffuser publiquement.
      </p>

      <h2>8. Sécurité en cuisine et responsabilité</h2>
      <p>
        Cuisiner comporte des risques (couteaux, chaleur, allergènes). Vous suivez les cours sous votre propre
        responsabilité et adaptez les recettes à votre santé et à vos allergies. Notre responsabilité se limite à ce que
        permet la loi ; rien dans ces conditions ne limite les droits que vous accorde la{' '}
        <em>Loi sur la protection du consommateur</em> du Québec.
      </p>

      <h2>9. Renseignements personnels</h2>
      <p>
        La façon dont nous traitons vos renseignements est décrite dans notre{' '}
        <Link to="/privacy-policy">politique de confidentialité</Link>.
      </p>

      <h2>10. Modifications et droit applicable</h2>
      <p>
        Nous pouvons modifier ces conditions ; la version en vigueur est toujours publiée ici avec sa date, et les achats
        déjà effectués restent régis par la version acceptée au moment de l'achat. Ces conditions sont régies par les lois
        du Québec et les lois fédérales du Canada qui s'y appliquent. Pour toute question :{' '}
        <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a>.
      </p>
    </LegalArticle>
  );
}
