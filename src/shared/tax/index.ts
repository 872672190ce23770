export * from './compute';
export * from './rates';
export * from './refund';
export * from './order-amounts';
