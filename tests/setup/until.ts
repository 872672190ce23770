// Waiting for what a background job or another process does: asks again every `intervalMs` until the
// answer is the expected one, and fails with what was last seen.

export async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 25_000, intervalMs = 150): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${what} (${JSON.stringify(v)?.slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
