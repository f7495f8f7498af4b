// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built client, so the
// server sends compressed files without compressing on each request (@fastify/static's
// preCompressed option picks the copy the browser accepts). Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** Text formats worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Smaller files gain too little to be worth a second round of file lookups. */
export const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

const brotli = (data) =>
  zlib.brotliCompressSync(data, {
    params: {
      // Done once per build, so the slowest, smallest setting is the right one.
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
const gzip = (data) => zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });

/**
 * Compresses the files under `dir` and returns what it wrote. A copy that would not be smaller
 * than the original is not written: the server then falls back to the original.
 * @param {string} dir
 * @returns {{ file: string, bytes: number, br: number | null, gz: number | null }[]}
 */
export function precompressDir(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const result = { file: path.relative(dir, file), bytes: data.length, br: null, gz: null };
    for (const [ext, compress, key] of [['.br', brotli, 'br'], ['.gz', gzip, 'gz']]) {
      const packed = compress(data);
      if (packed.length >= data.length) continue;
      fs.writeFileSync(file + ext, packed);
      result[key] = packed.length;
    }
    written.push(result);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist/client';
  const written = precompressDir(dir);
  const sum = (key) => written.reduce((total, f) => total + (f[key] ?? 0), 0);
  console.log(`precompress: ${written.length} files in ${dir}, ${(sum('bytes') / 1024).toFixed(1)} KB → br ${(sum('br') / 1024).toFixed(1)} KB, gzip ${(sum('gz') / 1024).toFixed(1)} KB`);
}
