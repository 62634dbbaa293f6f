import * as zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { defineAlgorithm } from 'vite-plugin-compression2';

const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * V8's explicit compile hint (Chrome 136+) as the first line of the chunks every screen runs
 * at start (`chunks`, by name): their functions are compiled while the file streams in, on a
 * background thread, instead of one by one on the main thread at their first call. That lazy
 * compiling was most of the start's long task (ADR 0101). Other browsers ignore the comment.
 *
 * It must be the file's first line (a hint after Vite's preload map, where `postBanner` puts
 * it, changed nothing), so it is added once the chunk is final, with the source map moved
 * down a line, and the chunk's compressed copies (vite-plugin-compression2 made them from
 * the chunk before) are made again, with that plugin's own settings for each of
 * `algorithms` (the list it was given). Not on the lazy chunks: compiling what a screen
 * never calls costs a phone CPU.
 */
export function eagerCompile(
  chunks: readonly string[],
  algorithms: readonly ('brotliCompress' | 'gzip')[],
): Plugin {
  const names = new Set(chunks);
  // The compression plugin's file names: [path][base].br for brotli, .gz for gzip.
  const copies = algorithms.map((name) => {
    const [algorithm, options] = defineAlgorithm(name);
    return {
      suffix: algorithm === 'brotliCompress' ? '.br' : '.gz',
      compress: (plain: Buffer) =>
        algorithm === 'brotliCompress'
          ? zlib.brotliCompressSync(plain, options as zlib.BrotliOptions)
          : zlib.gzipSync(plain, options as zlib.ZlibOptions),
    };
  });
  return {
    name: 'tambak:eager-compile',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !names.has(output.name) || output.code.startsWith(HINT)) continue;
          output.code = HINT + output.code;
          // The map was written out as an asset already: it gets the empty first line too.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
          const plain = Buffer.from(output.code);
          for (const { suffix, compress } of copies) {
            const copy = bundle[`${output.fileName}${suffix}`];
            if (copy?.type === 'asset') copy.source = compress(plain);
          }
        }
      },
    },
  };
}
