// Asked when the profile holds no province yet (PROVINCE_REQUIRED): the taxes depend on it. The
// checkout is sent again with the choice, and the server keeps it on the profile.
import { MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PROVINCES, type ProvinceCode } from '@shared/provinces';
import { Button } from '@client/components/ui/Button';
import { Select } from '@client/components/ui/Select';

const OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));

type ProvincePromptProps = {
  message: string;
  busy: boolean;
  onSubmit: (province: ProvinceCode) => void;
};

export function ProvincePrompt({ message, busy, onSubmit }: ProvincePromptProps) {
  const [province, setProvince] = useState<ProvinceCode | undefined>();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!province) {
      setError('Choisissez une province dans la liste.');
      return;
    }
    onSubmit(province);
  };

  return (
    <section aria-labelledby="province-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="province-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
        <MapPin aria-hidden="true" className="size-5 text-brand-700" />
        Votre province de résidence
      </h2>
      <p className="mt-2 text-muted">{message}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Select
          label="Province"
          name="province"
          placeholder="Choisir une province…"
          value={province}
          onValueChange={(value) => {
            setProvince(value as ProvinceCode | undefined);
            setError(null);
          }}
          options={OPTIONS}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <p className="text-sm text-muted">Elle sera enregistrée dans votre profil pour vos prochains achats.</p>
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          Continuer vers le paiement
        </Button>
      </form>
    </section>
  );
}
