// « Écrire aux participants »: a subject and a text, checked by the server's own schema, sent to
// every confirmed attendee by e-mail and notification. The form keeps one idempotency key until the
// message is sent: a double click, or a retry after a lost answer, sends it once.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { sessionMessageSchema } from '@shared/schemas/rosters';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import { cn } from '@client/lib/cn';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useSendMessage } from '../api';
import { runMutation } from '@client/lib/run-mutation';

const formSchema = sessionMessageSchema.omit({ idempotencyKey: true });

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function MessageForm({ sessionId, attendees, onSent }: { sessionId: string; attendees: number; onSent: () => void }) {
  const [key, setKey] = useState(newKey);
  const send = useSendMessage(sessionId);
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { subject: '', body: '' } });
  const { errors } = form.formState;
  const bodyId = useId();

  const onSubmit = form.handleSubmit((values) => {
    if (send.isPending) return;
    runMutation(send,
      { ...values, idempotencyKey: key },
      {
        onSuccess: ({ message }) => {
          notifySuccess('Message envoyé !', `Envoyé à ${message.recipientCount} participant${message.recipientCount > 1 ? 's' : ''} par courriel et notification.`);
          form.reset();
          setKey(newKey());
          onSent();
        },
        onError: (error) => {
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            if (name === 'subject' || name === 'body') form.setError(name, { message });
          }
          notifyError('Message non envoyé', error.message);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Écrire aux participants">
      <p className="text-muted">
        Le message part par courriel et en notification à {attendees === 1 ? 'la personne confirmée' : `chacune des ${attendees} personnes confirmées`}, une seule fois.
      </p>
      <TextField label="Objet" required maxLength={150} error={errors.subject?.message} {...form.register('subject')} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={bodyId} className="text-sm font-semibold text-ink">
          Message
        </label>
        <textarea
          id={bodyId}
          rows={6}
          required
          maxLength={5000}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${bodyId}-error` : undefined}
          className={cn(
            'w-full rounded-xl border bg-white px-3 py-2 text-base text-ink placeholder:text-muted hover:border-brand-600',
            errors.body ? 'border-red-700' : 'border-line',
          )}
          {...form.register('body')}
        />
        {errors.body ? (
          <p id={`${bodyId}-error`} className="text-sm font-medium text-red-800">
            {errors.body.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={send.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {send.isPending ? 'Envoi…' : 'Envoyer aux participants'}
      </Button>
    </form>
  );
}
