// Writes Brotli and gzip copies of the client build's text files, so the server sends them
// compressed without spending CPU per request (served with serveStatic's `precompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/client');
const TEXT = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest)$/;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(p);
    } else if (TEXT.test(entry.name)) yield p;
  }
}

const jobs = [];
for await (const file of files(root)) {
  jobs.push(
    readFile(file).then(async (data) => {
      if (data.length < 1024) return;
      await writeFile(`${file}.br`, await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
    }),
  );
}
await Promise.all(jobs);
