// Asked when the profile has no province yet (PROVINCE_REQUIRED), as the course checkout asks it:
// the taxes depend on it. The checkout is sent again with the choice; the server keeps it.
import { useState, type FormEvent } from 'react';
import { PROVINCES, type ProvinceCode } from '@shared/provinces';
import { Button } from '@client/components/ui/Button';
import { Select } from '@client/components/ui/Select';
import { Modal } from '@client/components/ui/Modal';

const OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));

type ProvinceDialogProps = {
  /** The server's message; null while closed. */
  message: string | null;
  busy: boolean;
  onSubmit: (province: ProvinceCode) => void;
  onClose: () => void;
};

export function ProvinceDialog({ message, busy, onSubmit, onClose }: ProvinceDialogProps) {
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
    <Modal open={message !== null} onClose={onClose} busy={busy} title="Votre province de résidence" description={message ?? undefined}>
      <form onSubmit={submit} noValidate className="space-y-4">
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
        <Button type="submit" loading={busy} className="w-full">
          Continuer vers le paiement
        </Button>
      </form>
    </Modal>
  );
}
