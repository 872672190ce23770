// Mon Compte's 'Vos données' card (Loi 25, right of access and portability): one link downloads
// everything Toque holds about the person as a JSON file; the privacy policy says what is kept.
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@client/components/ui/Button';
import { DATA_EXPORT_URL } from '../api';

export function DataExportSection() {
  return (
    <div className="space-y-4">
      <p className="text-ink">
        Téléchargez une copie de tous les renseignements que nous détenons sur vous : compte, profil, commandes et reçus,
        réservations, abonnement, favoris, notifications, courriels envoyés et connexions. Le fichier est au format JSON,
        lisible par d'autres services. Il ne contient ni votre mot de passe ni aucun code secret.
      </p>
      <a href={DATA_EXPORT_URL} download className={buttonClass({ variant: 'secondary', className: 'w-full sm:w-auto' })}>
        <Download aria-hidden="true" className="size-4" />
        Télécharger mes données
      </a>
      <p className="text-sm text-muted">
        Ce que nous conservons et pendant combien de temps : voir notre{' '}
        <Link to="/privacy-policy" className="text-brand-700 underline underline-offset-4">
          politique de confidentialité
        </Link>
        .
      </p>
    </div>
  );
}
