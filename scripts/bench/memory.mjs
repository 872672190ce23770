// The server's resident memory (Linux /proc), sampled while a load runs: at rest, its peak under
// load, and after the load once the garbage collector had time to give memory back.
import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, or null where /proc is not available. */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts sampling every `intervalMs`; stop() returns { peak, samples }. */
export function sampleMemory(pid, intervalMs = 200) {
  let peak = rssBytes(pid) ?? 0;
  let samples = 0;
  const timer = setInterval(() => {
    const v = rssBytes(pid);
    if (v !== null) {
      peak = Math.max(peak, v);
      samples++;
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}
