// The build's warning filter (scripts/lib/rollup-warnings.mjs), on real Rollup runs: zod's prose about
// `@__PURE__` no longer warns, while the same warning from any other module, and other warnings,
// still reach the console.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { rollup, type LogLevel, type RollupLog } from 'rollup';
import { afterAll, describe, expect, it } from 'vitest';
import { silenceKnownWarnings } from '../../scripts/lib/rollup-warnings.mjs';

const require = createRequire(import.meta.url);
// zod's module whose comment Rollup warns about (the package exports only its entry points).
const zodUtil = path.join(path.dirname(require.resolve('zod/package.json')), 'v4/core/util.js');

const dir = mkdtempSync(path.join(os.tmpdir(), 'toque-rollup-warnings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `input` and returns the warnings that reach Rollup's default handler (collected, not printed). */
async function warningsShown(input: string, onLog?: typeof silenceKnownWarnings): Promise<RollupLog[]> {
  const shown: RollupLog[] = [];
  const collect = (level: LogLevel | 'error', log: RollupLog | string) => {
    if (level === 'warn' && typeof log !== 'string') shown.push(log);
  };
  const bundle = await rollup({ input, onLog: (level, log) => (onLog ? onLog(level, log, collect) : collect(level, log)) });
  await bundle.generate({ format: 'es' });
  await bundle.close();
  return shown;
}

describe('silenceKnownWarnings', () => {
  it("zod's comment warns without the filter, not with it", async () => {
    const bare = await warningsShown(zodUtil);
    expect(bare.map((w) => w.code)).toContain('INVALID_ANNOTATION');
    // (Bundled alone, zod's modules also form a cycle, which Vite does not report: not ours to judge.)
    const filtered = await warningsShown(zodUtil, silenceKnownWarnings);
    expect(filtered.map((w) => w.code)).not.toContain('INVALID_ANNOTATION');
    expect(filtered.length).toBe(bare.length - bare.filter((w) => w.code === 'INVALID_ANNOTATION').length);
  });

  it('lets the same warning through from any other module, and other warnings too', async () => {
    const ours = path.join(dir, 'ours.js');
    // A misplaced annotation (Rollup's INVALID_ANNOTATION) and a use of eval (EVAL) in a module of ours.
    writeFileSync(ours, 'export const x = /* @__PURE__ */ 1;\nexport const y = eval("2");\n');
    const codes = (await warningsShown(ours, silenceKnownWarnings)).map((w) => w.code);
    expect(codes).toContain('INVALID_ANNOTATION');
    expect(codes).toContain('EVAL');
  });
});
