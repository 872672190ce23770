// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
import { lazy } from 'react';

export { OrderSummary } from './components/OrderSummary';
export { PaymentLoading } from './components/PaymentLoading';
export { ProvinceForm } from './components/ProvinceForm';
export { SandboxPaymentForm } from './components/SandboxPaymentForm';
export { SecuredFooter } from './components/SecuredFooter';
export { CardFields, TestCards } from './components/CardFields';
export { validateCard, type CardErrors, type CardValues } from './card';

// Loaded when chosen: Stripe's libraries stay out of the page until its form is shown.
export const StripePaymentForm = /* @__PURE__ */ lazy(() => import('./components/StripePaymentForm'));
