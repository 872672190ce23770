// Child processes the bench starts and stops: the built app, a bare node:http server (and one
// replaying a recorded answer), and helpers to wait for a first 200. Every child runs in its own
// process group so it can be stopped whole.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Polls url until it answers 200; returns the milliseconds since `since` (performance.now() time). */
export async function waitFor200(url, { child, since = performance.now(), timeoutMs = 120_000, intervalMs = 20 } = {}) {
  const deadline = since + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error(`${url} gave no 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Starts a command detached in its own process group; output goes to ours unless quiet. */
export function startProcess(command, args, { cwd, env, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return child;
}

/** Stops a child started by startProcess (its whole group), waiting for it to exit. */
export async function stopProcess(child, timeoutMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** The baseline: a bare node:http server answering a small JSON body, in its own process. */
export function startBareServer(port) {
  const source = `
    const http = require('node:http');
    const body = JSON.stringify({ ok: true, message: 'Bonjour', items: [1, 2, 3] });
    http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    }).listen(${port}, '127.0.0.1');
  `;
  return startProcess(process.execPath, ['-e', source], { quiet: true });
}

/**
 * A bare node:http server sending one recorded answer (its status, headers and body bytes), in its own
 * process: what Node alone does per request for an answer of that size, the ceiling of any server of ours
 * sending the same bytes.
 */
export function startReplayServer(port, { status, headers, body }) {
  const source = `
    const http = require('node:http');
    const { status, headers, body } = JSON.parse(process.env.REPLAY_ANSWER);
    const bytes = Buffer.from(body, 'base64');
    http.createServer((req, res) => {
      res.writeHead(status, headers);
      res.end(bytes);
    }).listen(${port}, '127.0.0.1');
  `;
  const answer = JSON.stringify({ status, headers, body: body.toString('base64') });
  return startProcess(process.execPath, ['-e', source], { quiet: true, env: { ...process.env, REPLAY_ANSWER: answer } });
}

/** One answer of `url` as sent (status, headers but those of the connection and the clock, body bytes as received). */
export function recordAnswer(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const kept = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
          resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
