// The membership's province question (PROVINCE_REQUIRED), in a dialog over the offer: the same
// form as the course payment page's.
import type { ProvinceCode } from '@shared/provinces';
import { Modal } from '@client/components/ui/Modal';
import { ProvinceForm } from '@client/features/payment';

type ProvinceDialogProps = {
  /** The server's message; null while closed. */
  message: string | null;
  busy: boolean;
  onSubmit: (province: ProvinceCode) => void;
  onClose: () => void;
};

export function ProvinceDialog({ message, busy, onSubmit, onClose }: ProvinceDialogProps) {
  return (
    <Modal open={message !== null} onClose={onClose} busy={busy} title="Votre province de résidence" description={message ?? undefined}>
      <ProvinceForm busy={busy} onSubmit={onSubmit} buttonClassName="w-full" />
    </Modal>
  );
}
