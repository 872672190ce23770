// A small tar (ustar) writer and reader, for the backup archives: regular files only, streamed (a
// course video is not held in memory). Written here rather than taken from a package: the
// archive's layout is ours alone, and a production install carries no tar library.
import { open } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
/** 11 octal digits: 8 GiB per file, far beyond any upload the site accepts. */
const MAX_SIZE = 8 ** 11 - 1;

function octal(value, width) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name) {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`Nom de fichier trop long pour l'archive : ${name}`);
}

function header({ name, size, mode = 0o644, mtime = new Date() }) {
  if (size > MAX_SIZE) throw new Error(`Fichier trop volumineux pour l'archive (plus de 8 Gio) : ${name}`);
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  block.write(parts.name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  block.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * Writes `entries` (an async iterable of { name, size, mode?, mtime?, data: Buffer } or
 * { name, size, mode?, mtime?, file: path }) as a gzipped tar at `target`.
 */
export async function writeTarGz(target, entries, { mode = 0o600 } = {}) {
  async function* blocks() {
    for await (const entry of entries) {
      yield header(entry);
      if (entry.data) yield entry.data;
      else {
        let written = 0;
        for await (const chunk of createReadStream(entry.file)) {
          written += chunk.length;
          yield chunk;
        }
        if (written !== entry.size) throw new Error(`Le fichier a changé pendant la sauvegarde : ${entry.file}`);
      }
      yield padding(entry.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), createGzip(), createWriteStream(target, { mode }));
}

function field(block, start, length) {
  const end = block.indexOf(0, start);
  return block.toString('utf8', start, end === -1 || end > start + length ? start + length : end);
}

/** readTar over a gzipped file. */
export function readTarGz(file, onFile, onDir) {
  return readTar(createReadStream(file).pipe(createGunzip()), onFile, onDir);
}

/**
 * Reads a tar from an iterable of buffers; for each regular file calls `onFile({ name, size, mode })`,
 * which returns a sink { write(buffer): Promise, end(): Promise } or null to skip the file; for each
 * folder `onDir({ name, mode })` when given. Other entry types are skipped.
 */
export async function readTar(source, onFile, onDir) {
  let pending = Buffer.alloc(0);
  let sink = null;
  let remaining = 0; // bytes of the current file still to come
  let skip = 0; // padding after it
  let ended = false;
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (remaining > 0) {
        if (pending.length === 0) break;
        const part = pending.subarray(0, Math.min(remaining, pending.length));
        pending = pending.subarray(part.length);
        remaining -= part.length;
        if (sink) await sink.write(part);
        if (remaining === 0 && sink) {
          await sink.end();
          sink = null;
        }
        continue;
      }
      if (skip > 0) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip > 0) break;
        continue;
      }
      if (ended || pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const stored = block.toString('ascii', 148, 156).replace(/[\0 ]+$/, '');
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (parseInt(stored, 8) !== sum) throw new Error("Archive illisible : en-tête endommagé.");
      const prefix = field(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
      const size = parseInt(field(block, 124, 12).trim() || '0', 8);
      const mode = parseInt(field(block, 100, 8).trim() || '644', 8);
      const type = String.fromCharCode(block[156] || 48);
      remaining = size;
      skip = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === '5' && onDir) await onDir({ name, mode });
      sink = type === '0' ? await onFile({ name, size, mode }) : null;
      if (size === 0 && sink) {
        await sink.end();
        sink = null;
      }
    }
  }
  if (remaining > 0 || !ended) throw new Error("Archive incomplète : elle s'arrête avant la fin.");
}

/** A sink writing to a new file (created with `mode`). */
export async function fileSink(target, mode = 0o644) {
  const handle = await open(target, 'wx', mode);
  return {
    write: (buffer) => handle.write(buffer),
    end: () => handle.close(),
  };
}

/** A sink keeping the bytes in memory (the database's own archive). */
export function memorySink(onDone) {
  const chunks = [];
  return {
    write: async (buffer) => void chunks.push(Buffer.from(buffer)),
    end: async () => onDone(Buffer.concat(chunks)),
  };
}
