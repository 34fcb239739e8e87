import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the viewer's pdf.js finds its data files: `options.cMapUrl` and friends (pdf-viewer.tsx). */
export const PDFJS_ASSETS_PATH = '/pdfjs/';
/**
 * pdf.js's data files a PDF may need: character maps of CJK fonts that are not embedded, the standard
 * 14 fonts, colour profiles and the JPEG 2000 / JBIG2 decoders. Each is fetched only by a PDF that needs it.
 */
const FOLDERS = ['cmaps', 'standard_fonts', 'iccs', 'wasm'];

/** The pdfjs-dist the web app depends on: the version of react-pdf's own, whose worker the viewer runs. */
const pdfjsDir = () => dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Copies pdf.js's data folders into the build under /pdfjs/, and serves them while developing. */
export function pdfjsAssets(): Plugin {
  return {
    name: 'tandem:pdfjs-assets',
    generateBundle() {
      const root = pdfjsDir();
      for (const folder of FOLDERS) {
        for (const file of readdirSync(join(root, folder))) {
          if (file.startsWith('LICENSE')) continue;
          this.emitFile({
            type: 'asset',
            fileName: `${PDFJS_ASSETS_PATH.slice(1)}${folder}/${file}`,
            source: readFileSync(join(root, folder, file)),
          });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(PDFJS_ASSETS_PATH, (request, response, next) => {
        const [folder, file] = (request.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        if (!folder || !file || !FOLDERS.includes(folder) || !/^[\w.-]+$/.test(file)) return next();
        try {
          response.end(readFileSync(join(pdfjsDir(), folder, file)));
        } catch {
          next();
        }
      });
    },
  };
}
