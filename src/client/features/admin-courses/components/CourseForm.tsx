// The course's fields, for creating and editing: title, description, price (typed in dollars,
// sent in cents), live or recorded, premium, difficulty, duration, cuisine type, dietary
// information, teacher, status, and for a live course its class preparation kit (the list e-mailed
// 72 h before each session, format in @shared/prep-kit) with the servings it is written for. Checked with the server's own schema before sending; the
// server's field messages land under the same fields.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DIFFICULTIES, DIFFICULTY_LABELS } from '@shared/catalog';
import type { Allergen, Diet, KitSubstitutions } from '@shared/dietary';
import { parseDollars } from '@shared/format';
import { DEFAULT_KIT_SERVINGS, PREP_KIT_MAX_LENGTH, SERVINGS_MAX, SERVINGS_MIN, servingsLabel } from '@shared/prep-kit';
import {
  adminCourseCreateSchema,
  type AdminCourseCreateInput,
  type AdminCourseDetail,
} from '@shared/schemas/admin-courses';
import type { TeacherRef } from '@shared/schemas/public';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Select } from '@client/components/ui/Select';
import { TextField } from '@client/components/ui/TextField';
import { cn } from '@client/lib/cn';
import { DietaryTagsFieldset } from '@client/features/dietary';
import { KitSubstitutionsFields } from './KitSubstitutionsFields';

export type CourseFormValues = {
  title: string;
  description: string;
  price: string;
  format: 'live' | 'recorded';
  isPremium: boolean;
  difficulty: AdminCourseCreateInput['difficulty'];
  duration: string;
  cuisineType: string;
  dietaryInfo: string;
  allergens: Allergen[];
  diets: Diet[];
  /** The course's allergens were never given (shown in the fieldset's hint; saving gives them). */
  undeclaredAllergens: boolean;
  teacherId: string;
  status: 'published' | 'draft';
  prepKit: string;
  prepKitServings: string;
  kitSubstitutions: KitSubstitutions;
};

/** Form field → the API's field it feeds (for the server's messages). */
const FIELD_OF: Record<string, keyof CourseFormValues> = {
  title: 'title',
  description: 'description',
  priceCents: 'price',
  isLive: 'format',
  isPremium: 'isPremium',
  difficulty: 'difficulty',
  durationMinutes: 'duration',
  cuisineType: 'cuisineType',
  dietaryInfo: 'dietaryInfo',
  teacherId: 'teacherId',
  status: 'status',
  prepKit: 'prepKit',
  prepKitServings: 'prepKitServings',
  kitSubstitutions: 'kitSubstitutions',
};

export type FieldErrors = Partial<Record<keyof CourseFormValues, string>>;

/** The server's field messages, placed under the form's fields. */
export function formErrorsOf(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[k];
    if (field) errors[field] = v;
  }
  return errors;
}

export function valuesOf(course: AdminCourseDetail | null, defaultTeacher: string): CourseFormValues {
  if (!course) {
    return {
      title: '',
      description: '',
      price: '',
      format: 'live',
      isPremium: false,
      difficulty: 'beginner',
      duration: '',
      cuisineType: '',
      dietaryInfo: '',
      allergens: [],
      diets: [],
      undeclaredAllergens: false,
      teacherId: defaultTeacher,
      status: 'published',
      prepKit: '',
      prepKitServings: String(DEFAULT_KIT_SERVINGS),
      kitSubstitutions: {},
    };
  }
  return {
    title: course.title,
    description: course.description,
    price: (course.priceCents / 100).toFixed(2).replace('.', ','),
    format: course.isLive ? 'live' : 'recorded',
    isPremium: course.isPremium,
    difficulty: course.difficulty,
    duration: course.durationMinutes === null ? '' : String(course.durationMinutes),
    cuisineType: course.cuisineType ?? '',
    dietaryInfo: course.dietaryInfo ?? '',
    allergens: course.allergens ?? [],
    diets: course.diets,
    undeclaredAllergens: course.allergens === null,
    teacherId: course.teacherId ?? '',
    status: course.status === 'draft' ? 'draft' : 'published',
    prepKit: course.prepKit ?? '',
    prepKitServings: String(course.prepKitServings ?? DEFAULT_KIT_SERVINGS),
    kitSubstitutions: course.kitSubstitutions ?? {},
  };
}

/** '45', '45,5', '45,00' or '45.00' → 4500; null when it is not an amount. */
export const parsePrice = parseDollars;

const PRICE_INVALID = 'Entrez un prix en dollars, par exemple 45,00.';
const DURATION_INVALID = 'Entrez une durée en minutes, par exemple 90.';

/** The API input from the form, or the fields' messages. */
export function toInput(v: CourseFormValues): { input: AdminCourseCreateInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const priceCents = parsePrice(v.price);
  if (priceCents === null) errors.price = PRICE_INVALID;
  const durationText = v.duration.trim();
  const duration = durationText === '' ? null : /^\d+$/.test(durationText) ? Number(durationText) : NaN;
  if (Number.isNaN(duration)) errors.duration = DURATION_INVALID;
  const input: AdminCourseCreateInput = {
    title: v.title,
    description: v.description,
    priceCents: priceCents ?? 0,
    isLive: v.format === 'live',
    isPremium: v.isPremium,
    difficulty: v.difficulty,
    durationMinutes: Number.isNaN(duration) ? null : duration,
    cuisineType: v.cuisineType,
    dietaryInfo: v.dietaryInfo,
    allergens: v.allergens,
    diets: v.diets,
    teacherId: v.teacherId,
    status: v.status,
    prepKit: v.prepKit,
    prepKitServings: Number(v.prepKitServings),
    kitSubstitutions: v.kitSubstitutions,
  };
  const parsed = adminCourseCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return Object.keys(errors).length ? { errors } : { input };
}

function Textarea({ label, error, hint, rows, value, onChange, maxLength, placeholder }: {
  label: string;
  error?: string;
  hint?: ReactNode;
  rows: number;
  value: string;
  onChange: (v: string) => void;
  maxLength: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(
          'w-full rounded-xl border bg-white px-3 py-2 text-base text-ink hover:border-brand-600',
          error ? 'border-red-700' : 'border-line',
        )}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Choice({ name, legend, value, options, onChange, error, disabled, hint }: {
  name: string;
  legend: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-base',
              value === o.value ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-line bg-white text-ink',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={disabled}
              onChange={() => onChange(o.value)}
              className="size-4 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => ({ value: d, label: DIFFICULTY_LABELS[d] }));
const SERVINGS_OPTIONS = Array.from({ length: SERVINGS_MAX - SERVINGS_MIN + 1 }, (_, i) => ({
  value: String(SERVINGS_MIN + i),
  label: servingsLabel(SERVINGS_MIN + i),
}));
const KIT_PLACEHOLDER = '250 g de farine\n4 œufs\n500 ml de lait\nMatériel :\nUn grand bol\nUne poêle à crêpes';

type CourseFormProps = {
  initial: CourseFormValues;
  teachers: TeacherRef[];
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  failure: string | null;
  serverErrors: FieldErrors;
  /** The format cannot change once sold (the server says so too); shown as a hint. */
  formatLocked?: string;
  onSubmit: (input: AdminCourseCreateInput) => void;
  /** Between the fields and the buttons (the picture on the creation page). */
  children?: ReactNode;
};

export function CourseForm({ initial, teachers, submitLabel, busy, failure, serverErrors, formatLocked, onSubmit, children }: CourseFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof CourseFormValues>(key: K, value: CourseFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toInput(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };

  const teacherOptions = teachers.map((t) => ({ value: t.id, label: t.fullName }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
      <TextField label="Titre" value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} error={shown.title} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Textarea label="Description" rows={5} maxLength={5000} value={values.description} onChange={(v) => set('description', v)} error={shown.description} />
      </div>
      <Choice
        name="format"
        legend="Format"
        value={values.format}
        options={[
          { value: 'live', label: 'En direct' },
          { value: 'recorded', label: 'Enregistré' },
        ]}
        onChange={(v) => set('format', v as CourseFormValues['format'])}
        error={shown.format}
        hint={formatLocked}
      />
      <Choice
        name="status"
        legend="Statut"
        value={values.status}
        options={[
          { value: 'published', label: 'Publié' },
          { value: 'draft', label: 'Brouillon' },
        ]}
        onChange={(v) => set('status', v as CourseFormValues['status'])}
        error={shown.status}
        hint="Un brouillon n'apparaît pas dans le catalogue."
      />
      <TextField
        label="Prix (CAD, avant taxes)"
        inputMode="decimal"
        placeholder="45,00"
        value={values.price}
        onChange={(e) => set('price', e.target.value)}
        error={shown.price}
      />
      <TextField
        label="Durée (minutes)"
        inputMode="numeric"
        placeholder="90"
        value={values.duration}
        onChange={(e) => set('duration', e.target.value)}
        error={shown.duration}
        hint="Facultatif. Durée d'une séance ou de la vidéo."
      />
      <Select
        label="Niveau de difficulté"
        value={values.difficulty}
        onValueChange={(v) => v && set('difficulty', v as CourseFormValues['difficulty'])}
        options={DIFFICULTY_OPTIONS}
      />
      <div className="flex flex-col gap-1.5">
        <Select
          label="Chef"
          value={values.teacherId || undefined}
          onValueChange={(v) => set('teacherId', v ?? '')}
          options={teacherOptions}
          placeholder="Choisir le chef…"
        />
        {shown.teacherId ? <p className="text-sm font-medium text-red-800">{shown.teacherId}</p> : null}
      </div>
      <TextField
        label="Type de cuisine"
        placeholder="Québécoise"
        maxLength={60}
        value={values.cuisineType}
        onChange={(e) => set('cuisineType', e.target.value)}
        error={shown.cuisineType}
        hint="Facultatif."
      />
      <TextField
        label="Informations alimentaires"
        placeholder="Végétarien, sans noix…"
        maxLength={200}
        value={values.dietaryInfo}
        onChange={(e) => set('dietaryInfo', e.target.value)}
        error={shown.dietaryInfo}
        hint="Facultatif."
      />
      <DietaryTagsFieldset
        tickWhat="Cochez ce que contiennent les plats du cours."
        allergens={values.allergens}
        diets={values.diets}
        undeclared={values.undeclaredAllergens}
        onChange={(next) => setValues((v) => ({ ...v, ...next }))}
        className="sm:col-span-2"
      />
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-white p-4 sm:col-span-2">
        <input
          type="checkbox"
          checked={values.isPremium}
          onChange={(e) => set('isPremium', e.target.checked)}
          className="mt-1 size-4 accent-brand-700"
        />
        <span>
          <span className="block font-semibold text-ink">Réservé aux abonnés</span>
          <span className="block text-sm text-muted">Le détail du cours n&apos;est visible qu&apos;avec un abonnement actif.</span>
        </span>
      </label>
      {values.format === 'live' ? (
        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:col-span-2 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <legend className="px-1 text-base font-semibold text-ink">Trousse de préparation</legend>
          <Textarea
            label="Ingrédients et matériel"
            rows={8}
            maxLength={PREP_KIT_MAX_LENGTH}
            placeholder={KIT_PLACEHOLDER}
            value={values.prepKit}
            onChange={(v) => set('prepKit', v)}
            error={shown.prepKit}
            hint={
              <>
                Une ligne par ingrédient, quantité en premier (« 250 g de farine »). Écrivez ensuite une ligne « Matériel : » puis le
                matériel, une ligne par article. Envoyée à chaque participant 72 heures avant la séance, les quantités adaptées au nombre de
                personnes choisi à la réservation. Facultatif.
              </>
            }
          />
          <div className="flex flex-col gap-1.5">
            <Select
              label="Pour (portions)"
              name="prepKitServings"
              value={values.prepKitServings}
              onValueChange={(v) => set('prepKitServings', v ?? String(DEFAULT_KIT_SERVINGS))}
              options={SERVINGS_OPTIONS}
            />
            {shown.prepKitServings ? <p className="text-sm font-medium text-red-800">{shown.prepKitServings}</p> : null}
            <p className="text-sm text-muted">Le nombre de personnes pour lequel la liste est écrite.</p>
          </div>
          <KitSubstitutionsFields value={values.kitSubstitutions} onChange={(v) => set('kitSubstitutions', v)} error={shown.kitSubstitutions} />
        </fieldset>
      ) : null}
      {children ? <div className="sm:col-span-2">{children}</div> : null}
      {failure ? <FormAlert className="sm:col-span-2">{failure}</FormAlert> : null}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
