// HTTP load with wrk (Debian's package `wrk`): a warm-up, then a measured run; req/s and latency
// percentiles. wrk rather than a Node load generator: on these two cores autocannon was the limit
// for answers of a few kB — a bare node:http server replaying a 3.2 kB API answer read 51k
// requests/s under it and 79k under wrk — so the ratios measured the generator, not the servers.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds used so far by a process (Linux /proc), or null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** Fails early, with what to do, when wrk is not installed. */
export function requireWrk() {
  return new Promise((resolve, reject) => {
    execFile('wrk', ['--version'], (err, stdout, stderr) => {
      const text = `${stdout}${stderr}`;
      if (/wrk \S+/.test(text)) resolve(text.match(/wrk \S+/)[0]);
      else reject(new Error(`wrk not found (${err?.message ?? 'no version'}): install it, e.g. apt-get install -y wrk`));
    });
  });
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const SIZE = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** wrk's text report → figures (its --latency distribution gives the percentiles). */
export function parseWrk(text) {
  const number = (re) => {
    const m = text.match(re);
    return m ? Number(m[1]) : 0;
  };
  const percentile = (p) => {
    const m = text.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return m ? Number(m[1]) * UNIT_MS[m[2]] : null;
  };
  const total = text.match(/(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/);
  const requests = total ? Number(total[1]) : 0;
  const bytes = total ? Number(total[2]) * SIZE[total[3]] : 0;
  const socket = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile(50),
    p99: percentile(99),
    bytesPerResponse: requests ? Math.round(bytes / requests) : 0,
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  };
}

/** One wrk thread (the server has the other core), `connections` kept-alive connections. */
function run(url, { connections, durationSeconds, headers }) {
  const args = ['-t1', `-c${connections}`, `-d${durationSeconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(new Error(`wrk ${args.join(' ')}: ${stderr || err.message}`)) : resolve(parseWrk(stdout))));
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
  return { url, ...r, serverCpu };
}
