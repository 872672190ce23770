// The text of a PDF drawn with pdfkit's standard fonts, read back for assertions: each content
// stream is inflated (FlateDecode), its TJ/Tj strings decoded from WinAnsi, one line per text
// operation. Enough for our own receipts; not a general PDF reader.
import { inflateSync } from 'node:zlib';

// WinAnsi's 0x80–0x9F differ from Latin-1 (pdfkit's own WIN_ANSI_MAP, reversed).
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š',
  0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—',
  0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

const decodeBytes = (bytes: number[]) => bytes.map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join('');

function hexBytes(hex: string): number[] {
  const clean = hex.replace(/\s+/g, '');
  const out: number[] = [];
  for (let i = 0; i < clean.length; i += 2) out.push(parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return out;
}

function literalBytes(literal: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    const ch = literal[i]!;
    if (ch !== '\\') {
      out.push(ch.charCodeAt(0));
      continue;
    }
    const next = literal[++i]!;
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (next in escapes) out.push(escapes[next]!);
    else if (/[0-7]/.test(next)) {
      const oct = literal.slice(i, i + 3).match(/^[0-7]{1,3}/)![0];
      out.push(parseInt(oct, 8));
      i += oct.length - 1;
    }
  }
  return out;
}

/** Every string of one TJ array or Tj operand, in order. */
function strings(operand: string): string {
  let text = '';
  for (const m of operand.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
    text += decodeBytes(m[1] !== undefined ? hexBytes(m[1]) : literalBytes(m[2]!));
  }
  return text;
}

export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let data = Buffer.from(raw.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    }
    const content = data.toString('latin1');
    for (const op of content.matchAll(/(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      lines.push(strings(op[1] ?? op[2]!));
    }
  }
  return lines.join('\n');
}
