// HTTP load with autocannon: a warm-up, then a measured run; req/s and latency percentiles.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** CPU seconds used so far by a process (Linux /proc), or null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

function run(url, { connections, durationSeconds, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: durationSeconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Measures url at `connections` connections for `durationSeconds` after `warmupSeconds` of the same load;
 * with serverPid, also how busy the server process was (CPU seconds per second); `headers`: sent with every request.
 * @returns {Promise<{ url: string, rps: number, p50: number, p99: number, bytesPerResponse: number, serverCpu: number | null, non2xx: number, errors: number, timeouts: number }>}
 */
export async function measure(url, { connections = 50, durationSeconds = 10, warmupSeconds = 3, serverPid, headers } = {}) {
  if (warmupSeconds > 0) await run(url, { connections, durationSeconds: warmupSeconds, headers });
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : null;
  const started = performance.now();
  const r = await run(url, { connections, durationSeconds, headers });
  const cpuAfter = serverPid ? cpuSeconds(serverPid) : null;
  // Near 100 % means the server (one Node thread) is the limit, not the load generator.
  const serverCpu = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / ((performance.now() - started) / 1000) : null;
  return {
    url,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerResponse: r.requests.average ? Math.round(r.throughput.average / r.requests.average) : 0,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpu,
  };
}
