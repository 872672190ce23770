// HTTP load with autocannon: a warm-up, then a measured run; req/s and latency percentiles.
import autocannon from 'autocannon';

function run(url, { connections, durationSeconds }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: durationSeconds }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Measures url at `connections` connections for `durationSeconds` after `warmupSeconds` of the same load.
 * @returns {Promise<{ url: string, rps: number, p50: number, p99: number, bytesPerResponse: number, non2xx: number, errors: number, timeouts: number }>}
 */
export async function measure(url, { connections = 50, durationSeconds = 10, warmupSeconds = 3 } = {}) {
  if (warmupSeconds > 0) await run(url, { connections, durationSeconds: warmupSeconds });
  const r = await run(url, { connections, durationSeconds });
  return {
    url,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerResponse: r.requests.average ? Math.round(r.throughput.average / r.requests.average) : 0,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
