import type { OrderStatus, RefundView } from '@shared/schemas/checkout';
import { Badge } from '@client/components/ui/Badge';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, REFUND_STATUS_LABELS, REFUND_STATUS_TONES } from '../labels';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

export function RefundStatusBadge({ status }: { status: RefundView['status'] }) {
  return <Badge tone={REFUND_STATUS_TONES[status]}>{REFUND_STATUS_LABELS[status]}</Badge>;
}
