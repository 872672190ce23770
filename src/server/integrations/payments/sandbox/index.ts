// The sandbox test processor: the provider, its delivery worker, and the test-card rules it applies.
export { createSandboxDelivery, backoffDelay, DELIVERY_DEFAULTS } from './delivery';
export type { DeliverOptions, DeliveryOptions, DeliveryReport, SandboxDelivery, SendWebhook, WebhookRequest } from './delivery';
export { createSandboxProvider, type SandboxMethod, type SandboxProvider } from './processor';
export { createSandboxBilling, runSandboxBilling } from './billing';
export type { BillingOptions, BillingReport, SandboxBilling } from './billing';
