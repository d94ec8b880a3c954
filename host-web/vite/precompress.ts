import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; woff2, png and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|ttf|eot|woff|txt|map|xml|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file under
 * `dir`, so the server sends them as they are (@fastify/static `preCompressed`) and spends no CPU per
 * request. A compressed copy that is not smaller than the file is not kept.
 */
export function precompressDir(dir: string) {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** The Vite plugin: precompresses the build output once it is written. */
export function precompress(): Plugin {
  return {
    name: 'atrium-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      handler(options) {
        if (options.dir) precompressDir(options.dir);
      },
    },
  };
}
