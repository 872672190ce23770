// /privacy-policy: how Toque handles personal information, under Québec's private-sector privacy
// law as amended by Loi 25. The privacy officer and the retention periods come from the server's
// configuration (GET /api/legal/privacy, already in the page's first HTML).
import { Link } from 'react-router';
import type { PrivacyInfoResponse } from '@shared/schemas/privacy';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { LegalArticle } from './components/LegalArticle';
import { LEGAL } from './legal-info';

export default function PrivacyPage() {
  usePageTitle('Politique de confidentialité');
  const info = useApiQuery<PrivacyInfoResponse>('/legal/privacy').data;
  const officer = info?.privacyOfficer;
  // Until the configured address arrives (it is in the first HTML, so rarely), the site's general one.
  const email = officer?.email ?? LEGAL.privacyEmail;
  const privacyMail = <a href={`mailto:${email}`}>{email}</a>;
  const authority = info?.authority ?? { name: "Commission d'accès à l'information du Québec", url: 'https://www.cai.gouv.qc.ca/' };
  return (
    <LegalArticle
      title="Politique de confidentialité"
      updated={LEGAL.privacyUpdated}
      intro={
        <p>
          {LEGAL.businessName} est une entreprise du {LEGAL.province}. Nous recueillons le moins de renseignements
          personnels possible, seulement pour vous offrir nos cours, nos recettes et notre abonnement, et nous les
          protégeons conformément à la <em>Loi sur la protection des renseignements personnels dans le secteur privé</em>{' '}
          du Québec, telle que modifiée par la Loi 25.
        </p>
      }
    >
      <h2>1. Responsable de la protection des renseignements personnels</h2>
      <p>
        La personne responsable de la protection des renseignements personnels est{' '}
        {officer ? <strong>{officer.name}</strong> : LEGAL.privacyOfficer}. Pour toute question, demande d'accès ou de
        rectification, ou plainte, écrivez-lui à {privacyMail}.
      </p>

      <h2>2. Renseignements que nous recueillons</h2>
      <ul>
        <li>
          <strong>Compte</strong> : nom complet, adresse courriel et mot de passe (conservé uniquement sous forme chiffrée
          et irréversible ; nous ne pouvons pas le lire).
        </li>
        <li>
          <strong>Profil, si vous le complétez</strong> : téléphone, adresse et photo, tous facultatifs. Lors d'un
          paiement, votre adresse de facturation peut être demandée pour calculer les taxes applicables.
        </li>
        <li>
          <strong>Achats et réservations</strong> : cours achetés, séances réservées, montants, taxes, dates et état du
          paiement ; historique de votre abonnement.
        </li>
        <li>
          <strong>Paiement</strong> : vos données de carte sont saisies directement chez notre prestataire de paiement.
          Nous ne voyons ni ne conservons jamais votre numéro de carte complet ; nous gardons seulement une référence du
          paiement, son montant et son état.
        </li>
        <li>
          <strong>Utilisation du site</strong> : vos recettes favorites, et des journaux techniques (adresse IP, date,
          page demandée) qui servent à la sécurité et au bon fonctionnement du service.
        </li>
      </ul>

      <h2>3. Pourquoi nous les utilisons</h2>
      <ul>
        <li>créer et gérer votre compte et vous identifier de façon sécuritaire ;</li>
        <li>vous donner accès aux cours, séances, enregistrements et recettes que vous avez achetés ou qui sont inclus dans votre abonnement ;</li>
        <li>traiter les paiements, les remboursements et produire les reçus et les registres exigés par les lois fiscales ;</li>
        <li>vous envoyer les messages liés à vos achats (confirmation, lien du cours, réinitialisation du mot de passe) ;</li>
        <li>protéger le service contre la fraude et les abus.</li>
      </ul>
      <p>
        Nous ne vendons pas vos renseignements, nous n'en faisons aucun profilage publicitaire et nous ne vous envoyons
        pas d'infolettre sans votre consentement exprès.
      </p>

      <h2>4. Consentement</h2>
      <p>
        Nous utilisons vos renseignements uniquement aux fins indiquées ci-dessus, pour lesquelles vous consentez en
        créant un compte ou en effectuant un achat. Toute autre utilisation exige un nouveau consentement. Vous pouvez
        retirer votre consentement en tout temps, sous réserve des obligations légales de conservation (section 6).
      </p>

      <h2>5. Témoins (cookies)</h2>
      <p>
        Nous utilisons un seul témoin nécessaire : celui qui garde votre session ouverte une fois connecté. Nous
        n'utilisons aucun témoin publicitaire ni outil de suivi tiers. Les paramètres de confidentialité les plus
        élevés s'appliquent par défaut.
      </p>

      <h2>6. Durée de conservation</h2>
      {info ? (
        <ul>
          {info.retention.map((rule) => (
            <li key={rule.what}>
              <strong>{rule.what}</strong> : {rule.howLong}
            </li>
          ))}
        </ul>
      ) : null}
      <p>Au terme de ces délais, les renseignements sont détruits ou rendus anonymes.</p>

      <h2>7. Communication à des tiers et hors du Québec</h2>
      <p>
        Nous communiquons seulement ce qui est nécessaire à nos prestataires : le prestataire de paiement (pour traiter
        vos paiements), l'hébergeur du site et le service d'envoi de courriels. Certains peuvent traiter des données à
        l'extérieur du Québec ; avant toute communication hors Québec, nous évaluons les facteurs relatifs à la vie privée
        et exigeons par contrat une protection adéquate. Nous pouvons aussi communiquer des renseignements lorsque la loi
        l'exige.
      </p>

      <h2>8. Sécurité</h2>
      <p>
        Connexions chiffrées (HTTPS), mots de passe hachés, accès restreint aux seules personnes qui en ont besoin,
        vérification des droits sur le serveur pour chaque demande. En cas d'incident de confidentialité présentant un
        risque de préjudice sérieux, nous avisons les personnes concernées et la Commission d'accès à l'information, et
        nous tenons un registre des incidents.
      </p>

      <h2>9. Vos droits</h2>
      <p>Vous pouvez, en tout temps et sans frais :</p>
      <ul>
        <li>
          obtenir une copie de tous les renseignements que nous détenons sur vous, dans un format technologique structuré
          et couramment utilisé (JSON) : <Link to="/account#mes-donnees">Mon Compte → Vos données → Télécharger mes données</Link> ;
        </li>
        <li>
          les faire rectifier s'ils sont inexacts, incomplets ou équivoques : <Link to="/account#profil">Mon Compte → Informations personnelles</Link> ;
        </li>
        <li>
          supprimer votre compte : <Link to="/account#supprimer-le-compte">Mon Compte → Supprimer mon compte</Link>. Vos
          renseignements sont effacés aussitôt ; seules vos commandes et vos reçus restent, sans votre nom ni votre
          courriel, pendant la durée exigée par les lois fiscales (section 6) ;
        </li>
        <li>retirer votre consentement ;</li>
        <li>demander que cesse la diffusion d'un renseignement vous concernant ou la désindexation d'un hyperlien, lorsque la loi le permet.</li>
      </ul>
      <p>
        Pour toute autre demande, écrivez à {officer ? `${officer.name}, ` : ''}
        {privacyMail}. Nous répondons dans un délai de 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez
        porter plainte auprès de la{' '}
        <a href={authority.url} rel="noopener noreferrer">
          <strong>{authority.name}</strong>
        </a>
        .
      </p>

      <h2>10. Modifications</h2>
      <p>
        Nous publierons toute modification de cette politique sur cette page, avec sa date de mise à jour, et vous en
        informerons par courriel si elle touche vos droits. Voir aussi nos{' '}
        <Link to="/terms-of-service">conditions d'utilisation</Link>.
      </p>
    </LegalArticle>
  );
}
