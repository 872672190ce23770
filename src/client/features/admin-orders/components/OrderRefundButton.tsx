// « Rembourser » (an order) or « Annuler la place » (the line that paid for a seat) from another
// admin page — a customer's page — through the same dialog and the same request as the order's page
// (POST /api/admin/orders/:orderId/refunds): one refund path. The order is read when the button is
// pressed; the dialog opens once it is there.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@client/components/ui/Button';
import { notifyError } from '@client/lib/notify';
import { useAdminOrder } from '../api';
import { RefundDialog, type RefundTarget } from './RefundDialog';

type OrderRefundButtonProps = {
  orderId: string;
  /** The one line to refund (a seat's); absent: everything left on the order. */
  lineId?: string;
  buyerName: string;
  children: ReactNode;
  /** When the dialog closes, refunded or not (the page reads itself again). */
  onClosed?: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** The button's accessible name when its text alone is ambiguous in a list. */
  'aria-label'?: string;
};

export function OrderRefundButton({ orderId, lineId, buyerName, children, onClosed, variant = 'secondary', size = 'sm', className, 'aria-label': label }: OrderRefundButtonProps) {
  const [open, setOpen] = useState(false);
  const query = useAdminOrder(orderId, open);
  const target: RefundTarget | null = open && query.data ? (lineId ? { kind: 'line', lineId } : { kind: 'all' }) : null;
  const close = () => {
    setOpen(false);
    onClosed?.();
  };
  const press = () => {
    setOpen(true);
    if (query.isError) void query.refetch();
  };
  const failed = open && query.isError ? query.error.message : null;
  useEffect(() => {
    if (failed === null) return;
    notifyError('Erreur', failed);
    setOpen(false);
  }, [failed]);
  return (
    <>
      <Button variant={variant} size={size} className={className} aria-label={label} loading={open && query.isFetching && !query.data} onClick={press}>
        {children}
      </Button>
      {query.data ? <RefundDialog order={query.data.order} target={target} buyerName={buyerName} onClose={close} /> : null}
    </>
  );
}
