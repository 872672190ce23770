// The bench's figures beside DESIGN.md §6 budgets: a table for the terminal and docs/performance.md.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { bookingExact, describeBooking } from './booking.mjs';
import { describeWaitlist } from './waitlist.mjs';

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v) => `${Math.round(v)} ms`;
const score = (v) => (v == null ? 'n/a' : v.toFixed(2));
const pct = (v) => `${Math.round(v * 100)} %`;

/** Each row: what, measured, budget, verdict ('ok' | 'MISSED' | ''). */
export function buildRows(r) {
  const rows = [];
  const check = (what, measured, budget, met) => rows.push({ what, measured, budget, verdict: met == null ? '' : met ? 'ok' : 'MISSED' });

  const cpu = (x) => (x.serverCpu == null ? '' : `, server CPU ${Math.round(x.serverCpu * 100)} %`);
  const windows = r.bare.windows ? ` (median of ${r.bare.windows.map((w) => `${Math.round(w / 1000)}k`).join(', ')})` : '';
  check(`Bare node:http JSON (${r.bare.bytesPerResponse} B/response incl. headers${cpu(r.bare)}) — req/s${windows}`, Math.round(r.bare.rps).toLocaleString('en'), 'baseline (~36k on peers)', null);
  check('Bare node:http JSON — p50 / p99', `${ms(r.bare.p50)} / ${ms(r.bare.p99)}`, '', null);
  for (const api of r.apis) {
    // Over the bare window measured right before it (older results: the run's single bare window).
    const ratio = api.rps / (api.bareRps ?? r.bare.rps);
    // The budget is judged on the request the site's pages make; the same read without compression is shown beside it.
    const judged = api.client !== 'identity';
    const label = `GET ${api.path}${api.client === 'identity' ? ' without compression' : api.client === 'browser' ? ', as a browser asks (Brotli)' : ''}`;
    check(`${label} (${(api.bytesPerResponse / 1000).toFixed(1)} kB/response${cpu(api)}) — req/s (ratio to bare)`, `${Math.round(api.rps).toLocaleString('en')} (${pct(ratio)})`, judged ? '>= 60 % of bare' : '', judged ? ratio >= 0.6 : null);
    check(`${label} — p50 / p99`, `${ms(api.p50)} / ${ms(api.p99)}`, judged ? 'p99 <= 20 ms' : '', judged ? api.p99 <= 20 : null);
    if (api.sameBytes) {
      const s = api.sameBytes;
      check(
        `${label} — ceiling: bare node:http sending this same answer (${(s.bytesPerResponse / 1000).toFixed(1)} kB${cpu(s)}) — req/s (ratio to bare; the API's share of it)`,
        `${Math.round(s.rps).toLocaleString('en')} (${pct(s.rps / (api.bareRps ?? r.bare.rps))}; ${pct(api.rps / s.rps)})`,
        '',
        null,
      );
    }
    if (api.non2xx || api.errors || api.timeouts) {
      check(`GET ${api.path} — failed requests`, `${api.non2xx} non-2xx, ${api.errors} errors, ${api.timeouts} timeouts`, 'none', false);
    }
  }
  if (r.booking) {
    const b = r.booking;
    const d = describeBooking(b);
    const what = `Booking contention: ${b.attempts} concurrent holds of 1–4 seats on a ${b.seats}-seat session, ${b.rounds.length} rounds`;
    check(`${what} — seats held / clean 409 SESSION_FULL`, d.outcome, `at most ${b.seats} seats, no refused booking that fits the seats left, every other a clean 409`, bookingExact(b));
    check(`${what} — p50 / p99`, d.latency, 'p99 <= 150 ms', b.p99 <= 150);
    check(`${what} — throughput`, d.rate, '', null);
  }
  if (r.waitlist) {
    const w = r.waitlist;
    const d = describeWaitlist(w);
    const what = `Waitlist promotion: a one-seat session given back with ${w.waiting} in line, ${w.rounds} rounds`;
    check(`${what} — offers`, d.outcome, 'a freed seat offered to exactly one person', w.exactRounds === w.rounds);
    check(`${what} — release + promotion p50 / p99`, d.latency, '', null);
  }
  if (r.mixed) {
    const m = r.mixed;
    const what = `Mixed load: ${m.users} learners browse, sign in, book, pay (sandbox), ${Math.round(m.durationSeconds)} s`;
    check(`${what} — requests/s, visits`, `${Math.round(m.rps).toLocaleString('en')} req/s, ${m.iterations} visits`, '', null);
    check(`${what} — payments accepted / seats confirmed`, `${m.paymentsAccepted} / ${m.seatsPaid}`, 'every accepted payment confirms its seat', m.seatsPaid === m.paymentsAccepted);
    check(`${what} — error rate`, `${(m.errorRate * 100).toFixed(2)} % (${m.errors} of ${m.requests})`, '< 1 % (checklist L1)', m.errorRate < 0.01);
    const o = m.withoutSignIn;
    check(`${what} — every request but the password sign-in (${o.requests}): p50 / p95 / p99`, `${ms(o.p50)} / ${ms(o.p95)} / ${ms(o.p99)}`, 'p99 <= 100 ms', o.p99 <= 100);
    const signIn = m.steps['sign in'];
    if (signIn) check(`${what} — password sign-in (scrypt on the thread pool): p50 / p95 / p99`, `${ms(signIn.p50)} / ${ms(signIn.p95)} / ${ms(signIn.p99)}`, 'hashing off the event loop (checklist L2)', null);
    check(`${what} — all requests: p50 / p95 / p99`, `${ms(m.p50)} / ${ms(m.p95)} / ${ms(m.p99)}`, '', null);
  }
  if (r.memory) {
    const mb = (b) => (b == null ? 'n/a' : `${Math.round(b / 1024 / 1024)} MB`);
    check('Server memory (RSS): at rest / peak under reads / peak under the mixed load / 10 s after', `${mb(r.memory.atRest)} / ${mb(r.memory.peakReads)} / ${mb(r.memory.peakMixed)} / ${mb(r.memory.afterLoad)}`, 'at rest <= 200 MB', r.memory.atRest <= 200 * 1024 * 1024);
  }
  for (const f of r.firstLoad) {
    if (f.beforePaintGzipBytes != null) check(`JS before the first paint ${f.route} (gzip -9)`, kB(f.beforePaintGzipBytes), '<= 15 kB', f.beforePaintGzipBytes <= 15_000);
    check(`All JS ${f.route} loads (gzip -9, ${f.files} files)`, kB(f.gzipBytes), '<= 130 kB', f.gzipBytes <= 130_000);
  }
  for (const lh of r.lighthouse) {
    const name = `Lighthouse ${lh.label}`;
    // Signed-in pages (DESIGN §6): performance >= 0.90 and accessibility 1.0; the rest is reported.
    if (lh.signedIn) {
      check(`${name} — performance (runs: ${lh.runs.map(score).join(', ')})`, score(lh.performance), '>= 0.90', lh.performance >= 0.9);
      check(`${name} — accessibility`, score(lh.accessibility), '1.00', lh.accessibility >= 1);
      check(`${name} — LCP`, `${(lh.lcpMs / 1000).toFixed(2)} s`, '', null);
      continue;
    }
    check(`${name} — performance (runs: ${lh.runs.map(score).join(', ')})`, score(lh.performance), '>= 0.98', lh.performance >= 0.98);
    check(`${name} — accessibility`, score(lh.accessibility), '1.00', lh.accessibility >= 1);
    check(`${name} — best practices`, score(lh.bestPractices), '1.00', lh.bestPractices >= 1);
    check(`${name} — SEO`, score(lh.seo), '1.00', lh.seo >= 1);
    check(`${name} — LCP`, `${(lh.lcpMs / 1000).toFixed(2)} s`, '<= 1.6 s', lh.lcpMs <= 1600);
    if (lh.tbtMs != null) check(`${name} — TBT`, ms(lh.tbtMs), '<= 100 ms', lh.tbtMs <= 100);
    if (lh.cls != null) check(`${name} — CLS`, lh.cls.toFixed(3), '<= 0.02', lh.cls <= 0.02);
  }
  check('Start to first 200 on /, embedded DB, `npm start` (median)', ms(r.startup.npmStart.median), '<= 2 s', r.startup.npmStart.median <= 2000);
  check('Start to first 200 on /, embedded DB, `node dist/server/index.js` (median)', ms(r.startup.node.median), '', null);
  return rows;
}

export function printTable(rows) {
  const w = [0, 0, 0];
  for (const row of rows) {
    w[0] = Math.max(w[0], row.what.length);
    w[1] = Math.max(w[1], row.measured.length);
    w[2] = Math.max(w[2], row.budget.length);
  }
  const line = (a, b, c, d) => `${a.padEnd(w[0])}  ${b.padStart(w[1])}  ${c.padEnd(w[2])}  ${d}`;
  console.log(line('Measure', 'Result', 'Budget (DESIGN.md §6)', ''));
  console.log('-'.repeat(w[0] + w[1] + w[2] + 12));
  for (const row of rows) console.log(line(row.what, row.measured, row.budget, row.verdict));
}

function tryRun(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export function machine(chromePath, pgVersion, loadAtStart) {
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cores: os.availableParallelism?.() ?? os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    chromium: tryRun(chromePath, ['--version']),
    postgres: pgVersion,
    load: `${loadAtStart.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min) when the bench started`,
  };
}

/** The hand-written notes of the previous docs/performance.md, kept across runs. */
export function keptNotes(previous) {
  const m = /<!-- notes -->[\s\S]*?<!-- \/notes -->/.exec(previous ?? '');
  return m ? m[0] : '<!-- notes -->\n<!-- /notes -->';
}

export function markdown(rows, m, r, settings, notes) {
  const esc = (s) => s.replace(/\|/g, '\\|');
  const missed = rows.filter((row) => row.verdict === 'MISSED');
  const failingAudits = r.lighthouse
    .map((lh) =>
      Object.entries(lh.failing)
        .filter(([, ids]) => ids.length)
        .map(([cat, ids]) => `- ${lh.label}, ${cat}: ${ids.join(', ')}`)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n');
  return `# Performance

Written by \`npm run bench\` (scripts/bench/run.mjs); run it again to refresh. Budgets are those of
DESIGN.md §6. The bench is never part of \`npm test\`.

## Machine

| | |
|---|---|
| Date | ${m.date} |
| Cores (nproc) | ${m.cores} (${esc(m.cpu)}) |
| Memory | ${m.memory} |
| Node.js | ${m.node} |
| Chromium | ${esc(m.chromium)} |
| PostgreSQL | ${esc(m.postgres)} |
| Load generator | ${esc(settings.wrkVersion ?? 'n/a')}, one thread |
| Load average | ${m.load} |

## Results

| Measure | Result | Budget | |
|---|---:|---|---|
${rows.map((row) => `| ${esc(row.what)} | ${esc(row.measured)} | ${esc(row.budget)} | ${row.verdict} |`).join('\n')}

${missed.length ? `**${missed.length} of ${rows.filter((row) => row.verdict).length} budget checks missed in this run** (marked MISSED).` : '**Every budget was met in this run.**'}

Lighthouse details (the reported run): ${r.lighthouse
    .map((lh) => `${esc(lh.label)}: FCP ${(lh.fcpMs / 1000).toFixed(2)} s, LCP ${(lh.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(lh.tbtMs)} ms, CLS ${lh.cls.toFixed(3)}`)
    .join('; ')}.

${failingAudits ? `Lighthouse audits below full marks:\n\n${failingAudits}\n` : ''}
First-load JS per route (the page module each figure includes):

${r.firstLoad.map((f) => `- \`${f.route}\`: ${f.page}, ${f.files} JS files, ${kB(f.gzipBytes)} JS + ${kB(f.cssGzipBytes)} CSS (gzip -9)`).join('\n')}

## Notes

Kept by the bench between the markers below: why a budget is missed and what would close it.

${notes}

## How it is measured

- **Throughput**: the production build (\`dist/server/index.js\`, \`NODE_ENV=production\`) on a scratch
  PostgreSQL database, migrated and seeded on its first start; a bare \`node:http\` server answering a
  small JSON body runs as a sibling process. wrk (one thread; the server has the other core) drives each
  with ${settings.connections} connections: ${settings.warmup} s of warm-up, then ${settings.duration} s measured. Not autocannon, used
  before: in Node, it was the limit for answers of a few kB on these two cores (a bare server replaying a
  3.2 kB answer read 51k requests/s under it, 79k under wrk), so the ratios measured it. The ratio is the
  endpoint's requests/s over the bare server's, measured right before it (one bare window per API read:
  on this shared machine the speed drifts within a minute, and with a single bare window the same build
  read 29 % to 58 %). Each API read is measured twice: with the
  headers Chromium sends on the site's own fetch (\`Accept-Encoding: gzip, deflate, br, zstd\`: the answer
  comes compressed, as to every visitor), which the budget judges, and without any (the whole JSON), shown
  beside it. The judged read is followed by its ceiling: one of its answers recorded (status, headers,
  compressed body) and replayed by another bare \`node:http\` server under the same load — what Node alone
  does per request for that many bytes, which no server of ours sending them can beat. Latency: wrk's
  distribution, rounded to the millisecond.
- **Booking contention**: on the same server, ${r.booking ? `${r.booking.attempts} learners (written into the database with
  signed session cookies, so password hashing is not measured) send \`POST /api/booking/holds\` for 1 to 4 seats of a new
  ${r.booking.seats}-seat session all at once, from the bench's process with node:http (one kept-alive connection each,
  opened by the warm-up round, as from browsers already on the page; fetch's own CPU, ~0.7 ms a request,
  was counted in every latency on these two shared cores); one warm-up round, then
  ${r.booking.rounds.length} measured rounds, each on a new session. Latency is from sending to the whole answer; the
  seats held are counted in the database after each round. Throughput is attempts answered (and seats
  granted) per second of the rounds' wall time.` : 'not measured in this run.'}
- **Mixed load**: ${r.mixed ? `${r.mixed.users} virtual learners (signed up through the API first, each from its own
  forwarded address), in a loop for ${settings.mixedDuration} s: the home page's HTML, the catalogue, a course, the recipe
  library, a recipe, sign-in with a password (hashing included), a seat held in a live class (each visit
  its own session), checkout and payment on the sandbox processor, Mes Achats, sign-out. An error is any
  answer other than the one expected, or none. The latency budget (checklist L1: p95 < 200 ms, p99
  < 400 ms) is checked on every request but the password sign-in: L1 is the gate for reads and
  signed-in requests, and L2 sets logins apart (slow on purpose — scrypt N=16384, r=16 — and run on
  the thread pool, where they must not slow the other requests: non-login p99 < 400 ms). Sign-in and
  the whole are reported beside it. Per step:

${Object.entries(r.mixed.steps).map(([name, s]) => `  - ${name}: ${s.count} requests, ${s.errors} errors, p50 ${Math.round(s.p50)} ms, p95 ${Math.round(s.p95)} ms, p99 ${Math.round(s.p99)} ms`).join('\n')}
` : 'not measured in this run.'}
- **Memory**: the server's resident set size (/proc/<pid>/status VmRSS), sampled every 200 ms during the
  read loads and the mixed load, and 10 s after the last load.
- **First-load JS**: from \`dist/client/.vite/manifest.json\`: the entry chunk and its static imports, plus
  the route's lazy page module (as named in \`src/client/app/router.tsx\`) and its static imports; each
  file gzipped at level 9. CSS is listed apart.
- **Lighthouse** ${settings.lighthouseVersion} from npm, driving ${settings.chromium ?? 'the system Chromium'} (headless, mobile form factor,
  simulated throttling: Lighthouse's defaults), ${settings.lhRuns} run(s) per page; the run with the median performance
  score is reported, with every run's performance score beside it.
- **Start-up**: the build on the embedded database in a temporary data folder: started once (creates,
  migrates and seeds it), stopped, then started ${settings.startRuns} times; the time from spawning the process to
  the first 200 on \`/\`, polled every 20 ms.
`;
}
