// Production fails closed (docs/decisions/0029-fail-closed.md): with a real database, no demo data
// and no test payments unless asked for by name; the embedded default keeps both.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/env';

const SECRET = { AUTH_SECRET: 'un-secret-de-test-assez-long-0123456789' };
const realSite = { ...SECRET, NODE_ENV: 'production', DATABASE_URL: 'postgres://toque@db.example:5432/toque' };

describe('production on a real database', () => {
  it('refuses to start without PAYMENT_PROVIDER, naming the variable in French', () => {
    expect(() => loadConfig(realSite)).toThrow(/^Configuration invalide : en production avec DATABASE_URL, nommez le processeur de paiement dans PAYMENT_PROVIDER/);
  });

  it('with the processor named: that processor, and no demo data unless SEED_ON_EMPTY=true', () => {
    expect(loadConfig({ ...realSite, PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({ seedOnEmpty: false, payments: { provider: 'sandbox' } });
    expect(loadConfig({ ...realSite, PAYMENT_PROVIDER: 'sandbox', SEED_ON_EMPTY: 'true' })).toMatchObject({ seedOnEmpty: true });
  });
});

describe('the embedded default and the other environments', () => {
  it('npm start without DATABASE_URL keeps its demo data and the sandbox', () => {
    expect(loadConfig({ ...SECRET, NODE_ENV: 'production' })).toMatchObject({ seedOnEmpty: true, payments: { provider: 'sandbox' } });
  });

  it('development on PostgreSQL keeps the defaults; SEED_ON_EMPTY=false still turns the demo off', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://toque@127.0.0.1/toque' })).toMatchObject({ seedOnEmpty: true, payments: { provider: 'sandbox' } });
    expect(loadConfig({ ...SECRET, NODE_ENV: 'production', SEED_ON_EMPTY: 'false' }).seedOnEmpty).toBe(false);
  });
});
