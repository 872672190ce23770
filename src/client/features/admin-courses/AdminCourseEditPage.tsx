// /admin/cours/nouveau and /admin/cours/:courseId — a course's form inside the Tableau de Bord
// Admin. Creating: the fields and, if chosen, the picture (sent once the course exists), then the
// course's page. Editing: the fields, the picture, the video (recorded course) or the sessions
// (live course), and taking the course off the site.
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminCourseCreateInput, AdminCourseDetail } from '@shared/schemas/admin-courses';
import { Badge } from '@client/components/ui/Badge';
import { ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useAuth } from '@client/app/auth';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifyInfo, notifySuccess } from '@client/lib/notify';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { AdminShell } from '@client/app/layout/AdminShell';
import { useAdminCourse, useAdminCourses, useCreateCourse, useUpdateCourse, useUploadCourseImage } from './api';
import { CourseForm, formErrorsOf, valuesOf, type FieldErrors } from './components/CourseForm';
import { CourseImagePicker } from './components/CourseImagePicker';
import { CourseRemoval } from './components/CourseRemoval';
import { CourseSessions } from './components/CourseSessions';
import { CourseVideoUpload } from './components/CourseVideoUpload';
import { notOnSaleLabel, STATUS_LABELS, STATUS_TONES } from './labels';
import { runMutation } from '@client/lib/run-mutation';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-line bg-cream/60 p-4 sm:p-6">
      <h2 className="font-display text-xl text-ink">{title}</h2>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/admin/cours" className="mb-4 inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-800 underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Tous les cours
    </Link>
  );
}

function NewCourse() {
  usePageTitle('Créer un cours');
  const navigate = useNavigate();
  const { user } = useAuth();
  const list = useAdminCourses();
  const create = useCreateCourse();
  const upload = useUploadCourseImage();
  const [image, setImage] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  useErrorToast(list.error, 'Erreur de chargement des chefs');

  const teachers = list.data?.teachers ?? [];
  const defaultTeacher = teachers.find((t) => t.id === user?.id)?.id ?? teachers[0]?.id ?? '';

  const submit = (input: AdminCourseCreateInput) => {
    setFailure(null);
    setServerErrors({});
    runMutation(create, input, {
      onSuccess: async ({ course }) => {
        if (image) {
          // The course exists either way; a refused picture is said on its page, where it can be chosen again.
          await upload.mutateAsync({ courseId: course.id, file: image }).catch((error: ApiError) => notifyError("Erreur d'envoi de l'image", error.message));
        }
        notifySuccess('Cours créé !', course.isLive ? 'Ajoutez maintenant ses séances.' : 'Envoyez maintenant sa vidéo.');
        navigate(`/admin/cours/${course.id}`, { replace: true });
      },
      onError: (error) => {
        setServerErrors(formErrorsOf(error.fields));
        setFailure(error.message);
        notifyError('Erreur de création', error.message);
      },
    });
  };

  return (
    <AdminShell>
      <BackLink />
      <h2 className="mb-5 font-display text-2xl text-ink">Créer un cours</h2>
      {list.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : list.isError ? (
        <ErrorPanel title="Impossible de charger le formulaire." message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <CourseForm
          key={defaultTeacher}
          initial={valuesOf(null, defaultTeacher)}
          teachers={teachers}
          submitLabel="Créer le cours"
          busy={create.isPending || upload.isPending}
          failure={failure}
          serverErrors={serverErrors}
          onSubmit={submit}
        >
          <div className="space-y-2">
            <p className="text-sm font-semibold text-ink">Image</p>
            <CourseImagePicker current={null} onChoose={(file) => setImage(file)} />
            <p className="text-sm text-muted">Les séances (cours en direct) ou la vidéo (cours enregistré) s&apos;ajoutent une fois le cours créé.</p>
          </div>
        </CourseForm>
      )}
    </AdminShell>
  );
}

function EditCourse({ course, teachers, videoMaxBytes }: { course: AdminCourseDetail; teachers: { id: string; fullName: string }[]; videoMaxBytes: number | undefined }) {
  const update = useUpdateCourse(course.id);
  const upload = useUploadCourseImage();
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [imageError, setImageError] = useState<string | null>(null);
  // The teacher may have lost the role since: still shown in the list.
  const options = course.teacher && !teachers.some((t) => t.id === course.teacher!.id) ? [...teachers, course.teacher] : teachers;

  const submit = (input: AdminCourseCreateInput) => {
    setFailure(null);
    setServerErrors({});
    runMutation(update, input, {
      // Publishing a course nobody can buy yet: she is told why, at once.
      onSuccess: ({ course: saved }) => {
        const notOnSale = notOnSaleLabel(saved);
        if (notOnSale) notifyInfo('Cours mis à jour', `${notOnSale}.`);
        else notifySuccess('Cours mis à jour !');
      },
      onError: (error) => {
        setServerErrors(formErrorsOf(error.fields));
        setFailure(error.message);
        notifyError('Erreur de mise à jour', error.message);
      },
    });
  };

  const chooseImage = (file: File) => {
    setImageError(null);
    return upload.mutateAsync({ courseId: course.id, file }).then(
      () => notifySuccess('Image mise à jour !'),
      (error: ApiError) => {
        setImageError(error.message);
        notifyError("Erreur d'envoi de l'image", error.message);
      },
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="break-words font-display text-2xl text-ink">{course.title}</h2>
        <Badge tone={STATUS_TONES[course.status]}>{STATUS_LABELS[course.status]}</Badge>
        {notOnSaleLabel(course) ? (
          <p role="status" className="basis-full text-sm font-medium text-red-800">
            {notOnSaleLabel(course)} : il est publié, mais affiché « Bientôt disponible » sans prix.
          </p>
        ) : null}
        {course.status === 'published' ? (
          <Link to={`/cours/${course.id}`} className="text-sm font-medium text-brand-800 underline underline-offset-4">
            Voir dans le catalogue
          </Link>
        ) : null}
      </div>

      <Section title="Image">
        <CourseImagePicker current={course.imageUrl} onChoose={chooseImage} busy={upload.isPending} error={imageError} />
      </Section>

      <Section title="Informations">
        <CourseForm
          key={course.updatedAt}
          initial={valuesOf(course, '')}
          teachers={options}
          submitLabel="Enregistrer les modifications"
          busy={update.isPending}
          failure={failure}
          serverErrors={serverErrors}
          formatLocked={course.purchases > 0 ? 'Ce cours a déjà été acheté : son format ne peut plus changer.' : undefined}
          onSubmit={submit}
        />
      </Section>

      {course.isLive ? (
        <Section title="Séances" hint="Les heures sont affichées dans votre fuseau horaire.">
          <CourseSessions course={course} />
        </Section>
      ) : (
        <Section title="Vidéo du cours">
          <CourseVideoUpload course={course} maxBytes={videoMaxBytes} />
        </Section>
      )}

      <Section title="Retirer ou supprimer">
        <CourseRemoval course={course} />
      </Section>
    </div>
  );
}

function ExistingCourse({ id }: { id: string }) {
  const query = useAdminCourse(id);
  const list = useAdminCourses();
  usePageTitle(query.data ? `${query.data.course.title} — Cours` : 'Modifier le cours');
  useErrorToast(query.error && query.error.status !== 404 ? query.error : null, 'Erreur de chargement du cours');

  return (
    <AdminShell>
      <BackLink />
      {query.isPending || list.isPending ? (
        <div role="status" aria-label="Chargement du cours" className="space-y-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel
          title={query.error.status === 404 ? "Ce cours n'a pas été trouvé." : 'Impossible de charger le cours.'}
          message={query.error.status === 404 ? 'Il a peut-être été supprimé.' : query.error.message}
          onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
          action={<ButtonLink to="/admin/cours">Tous les cours</ButtonLink>}
        />
      ) : (
        <EditCourse course={query.data.course} teachers={list.data?.teachers ?? []} videoMaxBytes={list.data?.videoMaxBytes} />
      )}
    </AdminShell>
  );
}

export default function AdminCourseEditPage() {
  const { courseId } = useParams();
  return courseId ? <ExistingCourse key={courseId} id={courseId} /> : <NewCourse />;
}
