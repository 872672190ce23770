// The province question asked before a payment when the profile holds none (PROVINCE_REQUIRED):
// the taxes depend on it. Shown in the course payment page and in the membership's dialog; the
// checkout is sent again with the choice, and the server keeps it on the profile.
import { useState, type FormEvent } from 'react';
import { PROVINCES, type ProvinceCode } from '@shared/provinces';
import { Button } from '@client/components/ui/Button';
import { Select } from '@client/components/ui/Select';
import { cn } from '@client/lib/cn';

const OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));

type ProvinceFormProps = {
  busy: boolean;
  onSubmit: (province: ProvinceCode) => void;
  /** The submit button's width: full in a dialog, natural on a wide page. */
  buttonClassName?: string;
  className?: string;
};

export function ProvinceForm({ busy, onSubmit, buttonClassName, className }: ProvinceFormProps) {
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
    <form onSubmit={submit} noValidate className={cn('space-y-4', className)}>
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
      <Button type="submit" loading={busy} className={buttonClassName}>
        Continuer vers le paiement
      </Button>
    </form>
  );
}
