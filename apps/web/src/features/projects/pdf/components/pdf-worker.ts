import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfjs } from 'react-pdf';

/**
 * pdf.js parses and draws in a worker of its own, of the very version react-pdf's pdf.js is (the web
 * app depends on that version for this file); it ships as a file of the build, loaded with the viewer.
 */
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
