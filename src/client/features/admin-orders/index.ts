// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
export { OrderStatusBadge, RefundStatusBadge } from './components/OrderStatusBadge';
export { OrdersList } from './components/OrdersList';
export { Pager } from './components/Pager';
export { OrderRefundButton } from './components/OrderRefundButton';
