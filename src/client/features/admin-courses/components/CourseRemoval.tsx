// Taking a course off the site: 'Retirer du catalogue' (back to draft, nothing lost) and
// 'Supprimer le cours', whose confirmation says what will really happen — deleted for good when
// nothing was ever sold or booked, archived otherwise (off the catalogue, still in its buyers' Mes
// Achats and receipts), refused while future sessions have seats taken (cancel them first).
import { Archive, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminCourseDetail } from '@shared/schemas/admin-courses';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useDeleteCourse, useUnpublishCourse } from '../api';
import { runMutation } from '@client/lib/run-mutation';

const DANGER = 'bg-red-800 hover:bg-red-900 active:bg-red-900';

export function CourseRemoval({ course }: { course: AdminCourseDetail }) {
  const [dialog, setDialog] = useState<'unpublish' | 'delete' | null>(null);
  const navigate = useNavigate();
  const unpublish = useUnpublishCourse(course.id);
  const remove = useDeleteCourse(course.id);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setDialog(null);
    setFailure(null);
  };

  const confirmUnpublish = () =>
    runMutation(unpublish, undefined, {
      onSuccess: () => {
        notifySuccess('Cours retiré du catalogue', 'Il est maintenant en brouillon.');
        close();
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError('Erreur de mise à jour', error.message);
      },
    });

  const confirmDelete = () =>
    runMutation(remove, undefined, {
      onSuccess: ({ outcome }) => {
        if (outcome === 'deleted') {
          notifySuccess('Cours supprimé');
          navigate('/admin/cours', { replace: true });
        } else {
          notifySuccess('Cours archivé', 'Il ne paraît plus dans le catalogue ; ses acheteurs le gardent dans Mes Achats.');
          close();
        }
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError('Erreur de suppression', error.message);
      },
    });

  if (course.status === 'archived') {
    return (
      <p className="rounded-2xl border border-line bg-white p-4 text-muted">
        Ce cours est archivé : il ne paraît plus dans le catalogue et reste dans Mes Achats de ses acheteurs. Choisissez « Publié » ou « Brouillon »
        ci-dessus pour le ramener.
      </p>
    );
  }

  const archive = course.deletion === 'archive';
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {course.status === 'published' ? (
        <Button variant="secondary" onClick={() => setDialog('unpublish')}>
          <EyeOff aria-hidden="true" className="size-4" />
          Retirer du catalogue
        </Button>
      ) : null}
      <Button variant="ghost" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setDialog('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        Supprimer le cours
      </Button>

      <Modal open={dialog === 'unpublish'} onClose={close} busy={unpublish.isPending} title={'Retirer ce cours du catalogue\u00a0?'}>
        <div className="space-y-4">
          <p className="text-ink">
            « {course.title} » passera en brouillon : il n&apos;apparaîtra plus dans le catalogue et ne pourra plus être acheté. Les personnes qui
            l&apos;ont déjà acheté le gardent dans Mes Achats. Vous pourrez le republier à tout moment.
          </p>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={close} disabled={unpublish.isPending}>
              Garder en ligne
            </Button>
            <Button onClick={confirmUnpublish} loading={unpublish.isPending}>
              Retirer du catalogue
            </Button>
          </div>
        </div>
      </Modal>

      <Modal
        open={dialog === 'delete'}
        onClose={close}
        busy={remove.isPending}
        title={course.deletion === 'blocked' ? 'Suppression impossible pour le moment' : archive ? 'Archiver ce cours\u00a0?' : 'Supprimer ce cours\u00a0?'}
      >
        <div className="space-y-4">
          {course.deletion === 'blocked' ? (
            <p className="text-ink">
              Des places sont prises dans des séances à venir de « {course.title} ». Annulez d&apos;abord ces séances (les participants sont remboursés
              en entier), puis supprimez le cours.
            </p>
          ) : archive ? (
            <div className="rounded-2xl border border-saffron/60 bg-saffron/10 p-4 text-ink">
              <p className="font-semibold">Ce cours a déjà été acheté ou réservé : il ne peut pas être supprimé.</p>
              <p className="mt-1">
                Il sera <strong>archivé</strong> : retiré du catalogue et impossible à acheter, il reste dans Mes Achats de ses acheteurs et sur leurs
                reçus.
              </p>
            </div>
          ) : (
            <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
              <p className="font-semibold">Suppression définitive</p>
              <p className="mt-1">
                Personne n&apos;a acheté ni réservé « {course.title} » : il sera supprimé avec ses séances, son image et sa vidéo. Cette action est
                irréversible.
              </p>
            </div>
          )}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={close} disabled={remove.isPending}>
              {course.deletion === 'blocked' ? 'Fermer' : 'Garder le cours'}
            </Button>
            {course.deletion === 'blocked' ? null : (
              <Button onClick={confirmDelete} loading={remove.isPending} className={archive ? undefined : DANGER}>
                {archive ? <Archive aria-hidden="true" className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
                {archive ? 'Archiver le cours' : 'Supprimer définitivement le cours'}
              </Button>
            )}
          </div>
        </div>
      </Modal>
    </div>
  );
}
