// The main thread's long tasks after the first paint, as Lighthouse's simulated throttling counts
// them: it records a page unthrottled and multiplies every task by 4, so a task observed at 12.5 ms
// here becomes a 50 ms one there and starts to block (DESIGN §6's total blocking time). This records
// a Chrome trace of a load (Chromium through playwright-core, Lighthouse's mobile viewport), then
// prints the first contentful paint, every top-level task after it of at least 5 ms with what took
// its time (script evaluated or called and its file, parsing, layout…) and the thread's own time
// beside the wall clock's, and the estimate sum(max(0, 4 × duration − 50)), from both. Against a
// production server (`node dist/server/index.js`), e.g. for the public pages of DESIGN §6.
//
//   node scripts/bench/main-thread-tasks.mjs [--runs N] [--lighthouse N] [--lh-categories] [--fresh]
//     [--min MS] [--samples] [--category NAME]... [--quiet] [--save DIR] [--cookie NAME=VALUE] URL...
//
// --runs: loads per URL after an uncounted first one (each in a new context), with the median;
// --lighthouse: also N real Lighthouse runs per URL (scripts/bench/lighthouse.mjs), to compare, with
// the tasks of the trace Lighthouse itself recorded read the same way;
// --lh-categories: trace with Lighthouse's own categories (slower pages, closer to its figures);
// --fresh: a new browser per load, as Lighthouse has; --min: the shortest task listed (5 ms);
// --samples: also V8's sampling profiler, naming the functions each task ran longest (it slows the
// page down: for finding what runs, not for the figures; an unminified build names them best);
// --category: one more trace category (e.g. disabled-by-default-v8.compile); --quiet: only each
// run's summary line; --save: each trace as a JSON file there (it opens in
// Chromium's DevTools, Performance panel); --cookie: sent with every request (a signed-in page, e.g.
// the demo admin's session from scripts/bench/admin-session.mjs: decision 0045).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { resolveChromium } from '../lib/chromium.mjs';
import { audit } from './lighthouse.mjs';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
];
// Lighthouse's own list (lighthouse/core/gather/gatherers/trace.js): its stack traces, screenshots and
// script-source events cost the page time too, so its tasks come out longer than under the list above.
const LIGHTHOUSE_CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
];
const SLOWDOWN = 4; // Lighthouse's simulated mobile CPU
const BLOCKING_MS = 50;

function parseArgs(argv) {
  const options = { runs: 1, minMs: 5, samples: false, categories: [], lighthouse: 0, quiet: false, save: undefined, lhCategories: false, fresh: false, cookie: undefined, urls: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') options.runs = Number(argv[++i]);
    else if (a === '--lighthouse') options.lighthouse = Number(argv[++i]);
    else if (a === '--quiet') options.quiet = true;
    else if (a === '--save') options.save = argv[++i];
    else if (a === '--lh-categories') options.lhCategories = true;
    else if (a === '--fresh') options.fresh = true;
    else if (a === '--min') options.minMs = Number(argv[++i]);
    else if (a === '--samples') options.samples = true;
    else if (a === '--category') options.categories.push(argv[++i]);
    else if (a === '--cookie') options.cookie = argv[++i];
    else options.urls.push(a);
  }
  if (options.urls.length === 0) {
    console.error('usage: node scripts/bench/main-thread-tasks.mjs [--runs N] [--lighthouse N] [--lh-categories] [--fresh]');
    console.error('         [--min MS] [--samples] [--category NAME]... [--quiet] [--save DIR] [--cookie NAME=VALUE] URL...');
    process.exit(2);
  }
  return options;
}

/** One load of url with a trace recorded around it; the trace's events. */
async function trace(browser, url, categories, cookie) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-CA',
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' } });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return events;
}

/** Complete events ('X') and begin/end pairs of one thread, as a tree of { name, ts, dur, args, children }. */
function threadTree(events) {
  const nodes = [];
  const open = new Map();
  for (const e of events) {
    if (e.ph === 'X') nodes.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur, args: e.args, children: [] });
    else if (e.ph === 'B') (open.get(e.name) ?? open.set(e.name, []).get(e.name)).push(e);
    else if (e.ph === 'E') {
      const b = open.get(e.name)?.pop();
      if (b) nodes.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, tdur: b.tts !== undefined && e.tts !== undefined ? e.tts - b.tts : undefined, args: { ...b.args, ...e.args }, children: [] });
    }
  }
  // Longest first at equal start, so a parent comes before the children it encloses.
  nodes.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots = [];
  const stack = [];
  for (const n of nodes) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur < n.ts + n.dur) stack.pop();
    if (stack.length) stack.at(-1).children.push(n);
    else roots.push(n);
    stack.push(n);
  }
  return roots;
}

/**
 * The V8 profiler's samples of the page's main thread ('Profile' and 'ProfileChunk' events), as
 * [{ ts, frame }]: each sample's time on the trace's clock and the function it was in.
 */
function profileSamples(events, pid, tid) {
  const samples = [];
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    // A profile starts on the thread it samples (its chunks come from the sampler's own thread).
    if (e.name === 'Profile' && e.tid === tid) profiles.set(e.id, { ts: e.args.data.startTime, nodes: new Map() });
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(e.id);
    if (!profile) continue;
    const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
    for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((id, i) => {
      profile.ts += timeDeltas[i] ?? 0;
      samples.push({ ts: profile.ts, id, profile });
    });
  }
  return samples.map(({ ts, id, profile }) => {
    const f = profile.nodes.get(id);
    const where = f?.url ? ` ${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '';
    return { ts, frame: f ? `${f.functionName || '(anonymous)'}${where}` : '?' };
  });
}

/** The functions the samples taken during a task were in, most sampled first, as time shares. */
function topFunctions(samples, task) {
  const inside = samples.filter((x) => x.ts >= task.ts && x.ts < task.ts + task.dur);
  const counts = new Map();
  for (const x of inside) counts.set(x.frame, (counts.get(x.frame) ?? 0) + 1);
  return [...counts]
    .filter(([frame]) => !/^\((idle|program|root)\)/.test(frame))
    .sort((a, b) => b[1] - a[1])
    .map(([frame, n]) => [frame, (n / Math.max(1, inside.length)) * (task.dur / 1000)]);
}

const short = (url) => (url ? String(url).replace(/^https?:\/\/[^/]+/, '') : '');

/** A readable label for a trace event: its name and, for script, the file it came from. */
function label(n) {
  const d = n.args?.data ?? {};
  switch (n.name) {
    case 'EvaluateScript':
    case 'FunctionCall':
    case 'TimerFire':
    case 'FireAnimationFrame':
      return `${n.name} ${short(d.url)}${d.functionName ? ` ${d.functionName}` : ''}`.trim();
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'v8.compile':
      return `${n.name} ${short(n.args?.fileName ?? d.url)}`.trim();
    case 'EventDispatch':
      return `EventDispatch ${d.type ?? ''}`.trim();
    default:
      return n.name;
  }
}

// What names a part of a task; the time of anything else (wrappers, V8's internals) is counted in
// the nearest of these that encloses it, or under its own name when none does.
const NAMED = /^(EvaluateScript|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|v8\.(compileModule|evaluateModule|compile|parseOnBackground)|V8\.(GC_.*|CompileCode|CompileLazy|ParseFunctions|PreParse.*|CompileIgnition.*)|MinorGC|MajorGC|ParseHTML|ParseAuthorStyleSheet|Layout|UpdateLayoutTree|PrePaint|Paint|Layerize|RunMicrotasks|HitTest|Decode.*|ResourceReceivedData|CommitLoad|MarkLoad|MarkDOMContent)$/;

/** Where a task's time went: self times, each under the nearest named event that encloses it. */
function breakdown(task) {
  const parts = new Map();
  const add = (key, ms) => parts.set(key, (parts.get(key) ?? 0) + ms);
  const walk = (n, owner) => {
    const own = NAMED.test(n.name) ? label(n) : owner;
    const self = n.dur - n.children.reduce((s, c) => s + c.dur, 0);
    if (self > 0) add(own ?? n.name, self / 1000);
    for (const c of n.children) walk(c, own);
  };
  walk(task, undefined);
  return [...parts].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 0.3);
}

function analyse(events, minMs, withSamples) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const navStart = events
    .filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && e.args?.frame === fcp.args?.frame && e.ts <= fcp.ts)
    .sort((a, b) => b.ts - a.ts)[0];
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid);
  const samples = withSamples ? profileSamples(events, fcp.pid, fcp.tid) : [];
  const tasks = threadTree(main).filter((n) => n.name === 'RunTask');
  const origin = navStart?.ts ?? tasks[0]?.ts ?? fcp.ts;
  const after = tasks.filter((t) => t.ts >= fcp.ts);
  const long = after.filter((t) => t.dur / 1000 >= minMs);
  const blocking = (ms) => Math.max(0, SLOWDOWN * ms - BLOCKING_MS);
  const estimate = after.reduce((sum, t) => sum + blocking(t.dur / 1000), 0);
  // The same from the thread's own time: what the page's work costs, without the waits for a core
  // that a busy machine adds to the wall clock (Lighthouse counts the wall clock).
  const threadEstimate = after.reduce((sum, t) => sum + blocking((t.tdur ?? t.dur) / 1000), 0);
  return {
    fcpMs: (fcp.ts - origin) / 1000,
    estimate,
    threadEstimate,
    longest: Math.max(0, ...after.map((t) => t.dur / 1000)),
    longestThread: Math.max(0, ...after.map((t) => (t.tdur ?? t.dur) / 1000)),
    counted: after.filter((t) => (SLOWDOWN * t.dur) / 1000 > BLOCKING_MS).length,
    long: long.map((t) => ({
      atMs: (t.ts - origin) / 1000,
      ms: t.dur / 1000,
      cpuMs: t.tdur === undefined ? undefined : t.tdur / 1000,
      parts: breakdown(t),
      functions: withSamples ? topFunctions(samples, t) : [],
    })),
  };
}

const f1 = (x) => x.toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function print(result, quiet, heading = '') {
  console.log(
    `  ${heading ? `${heading} ` : ''}FCP ${f1(result.fcpMs)} ms; after it: longest task ${f1(result.longest)} ms (thread ${f1(result.longestThread)} ms), ${result.counted} over ${BLOCKING_MS / SLOWDOWN} ms; estimated TBT (4×) ${Math.round(result.estimate)} ms (from thread time ${Math.round(result.threadEstimate)} ms)`,
  );
  if (quiet) return;
  for (const t of result.long) {
    const blocking = Math.max(0, SLOWDOWN * t.ms - BLOCKING_MS);
    // The thread's own time beside the wall clock's: far less means the thread waited for a core.
    const cpu = t.cpuMs === undefined ? '' : ` (thread ${f1(t.cpuMs)} ms)`;
    console.log(`    +${f1(t.atMs)} ms  ${f1(t.ms).padStart(6)} ms${cpu}${blocking ? `  blocks ${Math.round(blocking)} ms at 4×` : ''}`);
    for (const [what, ms] of t.parts.slice(0, 6)) console.log(`        ${f1(ms).padStart(6)}  ${what}`);
    for (const [what, ms] of t.functions.slice(0, 8)) console.log(`          ${f1(ms).padStart(6)}  ~ ${what}`);
  }
}

/** --save: the trace as DIR/<path>-<run>.json. */
function save(dir, url, run, events) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${(short(url) || '/').replace(/[^\w-]+/g, '_')}-${run}.json`), JSON.stringify({ traceEvents: events }));
}

function launch(found) {
  return chromium.launch({
    executablePath: found.executablePath,
    args: [...new Set(['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', ...found.args])],
    env: { ...process.env, ...found.env },
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const categories = [...(options.lhCategories ? LIGHTHOUSE_CATEGORIES : CATEGORIES), ...(options.samples ? ['disabled-by-default-v8.cpu_profiler'] : []), ...options.categories];
  const found = await resolveChromium();
  // --fresh: a new browser for every load, as Lighthouse has (nothing compiled or cached yet).
  let shared = options.fresh ? undefined : await launch(found);
  const traceOnce = async (url) => {
    const browser = shared ?? (await launch(found));
    try {
      return await trace(browser, url, categories, options.cookie);
    } finally {
      if (!shared) await browser.close();
    }
  };
  const summary = [];
  try {
    for (const url of options.urls) {
      console.log(`\n${url}`);
      const estimates = [];
      const threadEstimates = [];
      const longestThread = [];
      // A first load warms the server's caches and the disk: not counted.
      await traceOnce(url);
      for (let i = 0; i < options.runs; i++) {
        const events = await traceOnce(url);
        save(options.save, url, `${i + 1}`, events);
        const result = analyse(events, options.minMs, options.samples);
        estimates.push(result.estimate);
        threadEstimates.push(result.threadEstimate);
        longestThread.push(result.longestThread);
        print(result, options.quiet);
      }
      const row = { url, estimates, threadEstimates, longestThread };
      if (options.lighthouse > 0) {
        row.lighthouse = [];
        for (let i = 0; i < options.lighthouse; i++) {
          const r = await audit(url, found, { keepTrace: true, cookie: options.cookie });
          row.lighthouse.push(r);
          console.log(`  Lighthouse: performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms, FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}`);
          const simulated = [...r.longTasks].sort((a, b) => a.startMs - b.startMs);
          console.log(`    its long tasks (simulated): ${simulated.map((t) => `${Math.round(t.startMs)}+${Math.round(t.ms)} ${short(t.url) || t.url}`).join(', ') || 'none'}`);
          // Its own trace read as ours are: the tasks it saw, and the estimate they give.
          if (r.traceEvents) {
            save(options.save, url, `lighthouse-${i + 1}`, r.traceEvents);
            print(analyse(r.traceEvents, options.minMs, false), options.quiet, '  its trace:');
          }
        }
      }
      summary.push(row);
    }
  } finally {
    await shared?.close();
  }
  console.log('\nSummary: estimated TBT per run -> median (from thread time; longest task in thread time); Lighthouse performance/TBT per run');
  for (const row of summary) {
    const lh = row.lighthouse ? `  LH ${row.lighthouse.map((r) => `${r.performance}/${Math.round(r.tbtMs)}`).join(' ')}` : '';
    const runs = (xs) => `${xs.map(Math.round).join(' ')} -> ${Math.round(median(xs))} ms`;
    const longest = row.longestThread.map(f1).join(' ');
    const traced = row.estimates.length ? `${runs(row.estimates)} (thread: ${runs(row.threadEstimates)}; longest ${longest} ms)` : '';
    console.log(`  ${short(row.url) || '/'}: ${traced}${lh}`);
  }
}

await main();
