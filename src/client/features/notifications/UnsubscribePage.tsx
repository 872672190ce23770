// /desabonnement?token=… — the page an e-mail's 'Se désabonner' link opens, signed in or not. It says
// what will stop and waits for 'Me désabonner' (opening the link changes nothing: mail scanners open
// links before people do); then 'Vous ne recevrez plus ces courriels.' with a way to the preferences.
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { FormAlert } from '@client/components/ui/FormAlert';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUnsubscribe } from './api';
import { topicOfToken } from './topics';

export default function UnsubscribePage() {
  usePageTitle('Désabonnement');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const topic = topicOfToken(token);
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.data;
  const invalid = unsubscribe.error?.code === 'UNSUBSCRIBE_LINK_INVALID';

  return (
    <div className="mx-auto flex min-h-[60vh] w-full max-w-xl flex-col justify-center px-4 py-10 sm:px-6">
      <Card className="p-6 text-center sm:p-8">
        <MailX aria-hidden="true" className="mx-auto size-10 text-brand-700" />
        <h1 className="mt-4 text-2xl font-semibold text-ink sm:text-3xl">Désabonnement</h1>
        {invalid || !topic ? (
          <div className="mt-4 space-y-4">
            <p role="alert" className="text-ink">
              {ERROR_MESSAGES.UNSUBSCRIBE_LINK_INVALID}
            </p>
            <ButtonLink to="/preferences" variant="secondary">
              Mes préférences
            </ButtonLink>
          </div>
        ) : done ? (
          <div className="mt-4 space-y-4" role="status">
            <p className="text-lg font-semibold text-ink">Vous ne recevrez plus ces courriels.</p>
            <p className="text-muted">
              Nous n'enverrons plus {topic.stops} à <span className="break-all font-medium text-ink">{done.email}</span>. Vous pouvez changer
              d'avis en tout temps dans vos{' '}
              <Link to="/preferences" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                préférences
              </Link>
              .
            </p>
          </div>
        ) : (
          <div className="mt-4 space-y-5">
            <p className="text-muted">
              En confirmant, vous ne recevrez plus <strong className="font-semibold text-ink">{topic.stops}</strong>. Les courriels liés à votre
              compte, à vos paiements et à vos réservations continueront de vous être envoyés.
            </p>
            {unsubscribe.error ? <FormAlert>{unsubscribe.error.message}</FormAlert> : null}
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending} className="w-full sm:w-auto">
              {unsubscribe.isPending ? 'Désabonnement…' : 'Me désabonner'}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
