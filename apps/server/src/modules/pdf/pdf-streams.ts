import {
  PDF_FONT_STREAM_MAX_INFLATED_BYTES,
  PDF_STREAM_MAX_INFLATED_BYTES,
  PDF_TOTAL_MAX_INFLATED_BYTES,
} from '@tandem/contract/limits';
import { Unzlib } from 'fflate';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Compressed bytes given to the inflater at once: deflate expands at most about 1032 times, so one push
 * makes at most about 1 MB, and a stream past its cap is stopped within a megabyte of it.
 */
const PUSH_BYTES = 1024;

/** How far back from `stream` a stream's dictionary (after its `N G obj`) is looked for. */
const DICTIONARY_MAX_CHARS = 8 * 1024;

/** `N G obj` just before a stream's dictionary: the stream's object number. */
const OBJECT_HEADER = /(?<!\d)(\d{1,10})\s+\d{1,5}\s+obj$/;

/** Font programs (`/FontFile`, `/FontFile2`, `/FontFile3`) by object number, written directly or inside an object stream. */
const FONT_FILE_REFERENCE = /\/FontFile[23]?\s+(\d{1,10})\s+\d{1,5}\s+R/g;

type PdfStream = {
  objectNumber: number | undefined;
  isObjectStream: boolean;
  inflatedBytes: number;
};

/** The names of a stream dictionary's `/Filter` (one name or an array of them), in order. */
function filtersOf(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dictionary)?.[1];
  if (!filter) return [];
  return [...filter.matchAll(/\/([^\s/<>[\]()]+)/g)].map((match) => match[1] as string);
}

/** Objects holding nothing but a number (`12 0 obj 4711 endobj`), by `number generation`: indirect lengths. */
function numberObjectsOf(text: string): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const match of text.matchAll(/(?<!\d)(\d{1,10})\s+(\d{1,5})\s+obj\s*(\d{1,10})\s*endobj/g))
    numbers.set(`${match[1]} ${match[2]}`, Number(match[3]));
  return numbers;
}

/** A stream's `/Length`: a number, or a reference to an object holding one (`/Length 12 0 R`). */
function lengthOf(dictionary: string, numberObjects: () => Map<string, number>): number | undefined {
  const length = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dictionary);
  if (!length) return undefined;
  if (length[2] === undefined) return Number(length[1]);
  return numberObjects().get(`${length[1]} ${length[2]}`);
}

/**
 * Inflates a zlib stream counting its output and stops at `cap` bytes (the count then is past the cap).
 * `keep` collects the output (an object stream's objects, read for font references). A stream damaged
 * halfway counts what came out of it before the damage.
 */
function inflatedSize(data: Uint8Array, cap: number, keep?: Uint8Array[]): number {
  let size = 0;
  const inflater = new Unzlib((chunk) => {
    size += chunk.length;
    keep?.push(chunk);
  });
  try {
    for (let at = 0; at < data.length && size <= cap; at += PUSH_BYTES) {
      const end = Math.min(at + PUSH_BYTES, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch {
    // Damaged, or bytes after the compressed data: what pdf.js would read of it is counted.
  }
  return size;
}

/**
 * Bounds a PDF's decompressed content before pdf.js reads it: every FlateDecode stream that is not an
 * image (content streams, object streams, forms, fonts, ...) is inflated, counting its bytes and stopping
 * as soon as a cap is passed: PDF_STREAM_MAX_INFLATED_BYTES for one stream (a font program:
 * PDF_FONT_STREAM_MAX_INFLATED_BYTES), PDF_TOTAL_MAX_INFLATED_BYTES for all of them. Past one: 2243.
 * A PDF of 70 KB whose one content stream inflates to 20 MB is refused in a fraction of a second here,
 * where pdf.js would draw it for as long as the worker's time limit.
 */
export function assertPdfStreamsWithinLimits(bytes: Uint8Array) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const streams: PdfStream[] = [];
  const fontFiles = new Set<number>();
  const noteFontFiles = (source: string) => {
    for (const match of source.matchAll(FONT_FILE_REFERENCE)) fontFiles.add(Number(match[1]));
  };
  noteFontFiles(text);
  const maxCap = Math.max(PDF_STREAM_MAX_INFLATED_BYTES, PDF_FONT_STREAM_MAX_INFLATED_BYTES);
  // Without object streams every font program is named in plain sight: a page stream stops at its own cap.
  const mayNameFontsLater = /\/Type\s*\/ObjStm\b/.test(text);
  let numberObjects: Map<string, number> | undefined;
  const numberObjectsOnce = () => {
    numberObjects ??= numberObjectsOf(text);
    return numberObjects;
  };
  let total = 0;
  const keyword = />>\s*stream(?:\r\n|\r|\n)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const dataStart = match.index + match[0].length;
    const before = text.slice(Math.max(0, match.index - DICTIONARY_MAX_CHARS), match.index + 2);
    const objAt = before.lastIndexOf('obj');
    const dictionary = objAt < 0 ? before : before.slice(objAt);
    // pdf.js reads `/Length` bytes when they end in `endstream`, else up to `endstream`: the longer of the
    // two is inflated, so compressed bytes spelling `endstream` early cannot hide the rest of a stream.
    const length = lengthOf(dictionary, numberObjectsOnce);
    const found = text.indexOf('endstream', dataStart);
    const dataEnd = Math.max(
      found,
      length !== undefined && dataStart + length <= text.length ? dataStart + length : -1,
    );
    if (dataEnd < 0) break;
    keyword.lastIndex = dataEnd;
    if (/\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const filters = filtersOf(dictionary);
    if (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl') continue;
    const header =
      objAt < 0 ? undefined : OBJECT_HEADER.exec(before.slice(Math.max(0, objAt - 40), objAt + 3));
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    const objects: Uint8Array[] | undefined = isObjectStream ? [] : undefined;
    const objectNumber = header ? Number(header[1]) : undefined;
    const mayBeFont = mayNameFontsLater || (objectNumber !== undefined && fontFiles.has(objectNumber));
    const cap = mayBeFont ? maxCap : PDF_STREAM_MAX_INFLATED_BYTES;
    const inflatedBytes = inflatedSize(bytes.subarray(dataStart, dataEnd), cap, objects);
    if (!mayBeFont && inflatedBytes > cap) throw new AppError('PDF_CONTENT_TOO_LARGE');
    total += inflatedBytes;
    if (total > PDF_TOTAL_MAX_INFLATED_BYTES) throw new AppError('PDF_CONTENT_TOO_LARGE');
    if (objects) noteFontFiles(Buffer.concat(objects).toString('latin1'));
    streams.push({ objectNumber, isObjectStream, inflatedBytes });
  }
  // After the whole file: a font descriptor naming its font program may come after it, or sit in an object stream.
  for (const stream of streams) {
    const isFont =
      stream.objectNumber !== undefined && !stream.isObjectStream && fontFiles.has(stream.objectNumber);
    const cap = isFont ? PDF_FONT_STREAM_MAX_INFLATED_BYTES : PDF_STREAM_MAX_INFLATED_BYTES;
    if (stream.inflatedBytes > cap) throw new AppError('PDF_CONTENT_TOO_LARGE');
  }
}
