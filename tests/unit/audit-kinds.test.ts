// Every kind of admin action the server writes to the audit trail has its French label in the
// Journal (@shared/schemas/admin-journal): a new kind without one fails here.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_KINDS } from '@shared/schemas/admin-journal';

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat().filter((f) => f.endsWith('.ts'));
}

describe('audit kinds', () => {
  it('labels every action the server records, and only those', async () => {
    const written = new Set<string>();
    for (const file of await sources(path.resolve(__dirname, '../../src/server'))) {
      const text = await readFile(file, 'utf8');
      // A kind handed to a shared writer (sessions' cancellation: `auditAction: 'session.minimum_cancel'`).
      for (const m of text.matchAll(/\bauditAction: '([a-z_]+(?:\.[a-z_]+)+)'/g)) written.add(m[1]!);
      if (!text.includes('recordAudit(')) continue;
      // From `action:` (a word of its own: not « transaction: ») to the target: a plain kind, or a
      // ternary of two.
      for (const m of text.matchAll(/\baction:([^]*?)targetType/g)) {
        for (const kind of m[1]!.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) written.add(kind[1]!);
      }
    }
    expect([...written].sort()).toEqual([...AUDIT_ACTION_KINDS].sort());
  });
});
