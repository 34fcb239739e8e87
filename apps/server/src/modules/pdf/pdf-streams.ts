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
 * `keep` collects the output (an object stream's objects, read for font references, or the input of
 * the next filter). A stream damaged halfway counts what came out of it before the damage.
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

/** Bytes written by a decoder, which stops once it holds more than `cap` of them. */
class CappedOutput {
  #bytes: Uint8Array;
  length = 0;
  constructor(readonly cap: number) {
    this.#bytes = new Uint8Array(Math.min(cap + 1, 64 * 1024));
  }
  get isFull() {
    return this.length > this.cap;
  }
  push(byte: number) {
    if (this.isFull) return;
    if (this.length === this.#bytes.length) {
      const grown = new Uint8Array(Math.min(this.cap + 1, this.#bytes.length * 2));
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    this.#bytes[this.length++] = byte;
  }
  get bytes() {
    return this.#bytes.subarray(0, this.length);
  }
}

const isPdfSpace = (byte: number) =>
  byte === 0 || byte === 9 || byte === 10 || byte === 12 || byte === 13 || byte === 32;

function asciiHexDecode(data: Uint8Array, cap: number) {
  const out = new CappedOutput(cap);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e || out.isFull) break; // '>' ends the data
    if (isPdfSpace(byte)) continue;
    const digit = Number.parseInt(String.fromCharCode(byte), 16);
    if (Number.isNaN(digit)) break;
    if (high < 0) high = digit;
    else {
      out.push(high * 16 + digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high * 16);
  return out.bytes;
}

function ascii85Decode(data: Uint8Array, cap: number) {
  const out = new CappedOutput(cap);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let index = 0; index < 5; index++) value = value * 85 + (group[index] ?? 84);
    for (let index = 0; index < count; index++) out.push((value >>> (24 - 8 * index)) & 0xff);
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e || out.isFull) break; // '~' of '~>' ends the data
    if (isPdfSpace(byte)) continue;
    if (byte === 0x7a && group.length === 0) {
      for (let index = 0; index < 4; index++) out.push(0); // 'z': four zero bytes
      continue;
    }
    if (byte < 0x21 || byte > 0x75) break;
    group.push(byte - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.bytes;
}

function runLengthDecode(data: Uint8Array, cap: number) {
  const out = new CappedOutput(cap);
  for (let at = 0; at < data.length && !out.isFull; ) {
    const length = data[at++]!;
    if (length === 128) break;
    if (length < 128) {
      for (const byte of data.subarray(at, at + length + 1)) out.push(byte);
      at += length + 1;
    } else {
      const byte = data[at++] ?? 0;
      for (let index = 0; index < 257 - length; index++) out.push(byte);
    }
  }
  return out.bytes;
}

/** LZW as PDF writes it (`/EarlyChange 1`): 9- to 12-bit codes, 256 clears the table, 257 ends. */
function lzwDecode(data: Uint8Array, cap: number) {
  const out = new CappedOutput(cap);
  const table: Uint8Array[] = [];
  const reset = () => {
    table.length = 258;
    for (let code = 0; code < 256; code++) table[code] = Uint8Array.of(code);
  };
  reset();
  let bits = 0;
  let buffer = 0;
  let width = 9;
  let previous: Uint8Array | undefined;
  for (let at = 0; at < data.length && !out.isFull; ) {
    while (bits < width && at < data.length) {
      buffer = ((buffer << 8) | data[at++]!) >>> 0;
      bits += 8;
    }
    if (bits < width) break;
    const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 256) {
      reset();
      width = 9;
      previous = undefined;
      continue;
    }
    if (code === 257) break;
    let entry = table[code];
    if (!entry) {
      if (!previous || code !== table.length) break; // damaged
      entry = Uint8Array.of(...previous, previous[0]!);
    }
    for (const byte of entry) out.push(byte);
    if (previous && table.length < 4096) table.push(Uint8Array.of(...previous, entry[0]!));
    previous = entry;
    if (table.length + 1 >= 1 << width && width < 12) width += 1;
  }
  return out.bytes;
}

/** The filters whose output is counted, by their names and abbreviations; others end the count. */
const DECODERS: Record<string, (data: Uint8Array, cap: number) => Uint8Array> = {
  ASCIIHexDecode: asciiHexDecode,
  AHx: asciiHexDecode,
  ASCII85Decode: ascii85Decode,
  A85: ascii85Decode,
  RunLengthDecode: runLengthDecode,
  RL: runLengthDecode,
  LZWDecode: lzwDecode,
  LZW: lzwDecode,
};
const isFlate = (filter: string | undefined) => filter === 'FlateDecode' || filter === 'Fl';
/** Whether a filter's output is counted (then the filters after it may be too). */
const isCounted = (filter: string | undefined) =>
  isFlate(filter) || (filter !== undefined && Object.hasOwn(DECODERS, filter));

/**
 * The size of a stream once its `filters` are applied in order, counted up to just past `cap`; `keep`
 * collects the decoded bytes. Each step is capped, so a chain of filters (ASCII85 then Flate, Flate
 * twice) is bounded like one. A filter that is not a compression of text (DCT, JPX, Crypt, ...) ends it.
 */
function decodedSize(data: Uint8Array, filters: string[], cap: number, keep?: Uint8Array[]): number {
  const uncounted = filters.findIndex((filter) => !isCounted(filter));
  const chain = uncounted === -1 ? filters : filters.slice(0, uncounted);
  let current = data;
  for (const [index, filter] of chain.entries()) {
    const isLast = index === chain.length - 1;
    if (isFlate(filter)) {
      // The output is only held when it is kept or is the next filter's input.
      const chunks = isLast && !keep ? undefined : [];
      const size = inflatedSize(current, cap, chunks);
      if (isLast || size > cap) {
        if (chunks) keep?.push(...chunks);
        return size;
      }
      current = Buffer.concat(chunks!);
    } else {
      current = DECODERS[filter]!(current, cap);
      if (current.length > cap) break;
    }
  }
  keep?.push(current);
  return current.length;
}

/**
 * Bounds a PDF's decompressed content before pdf.js reads it: every stream that is not an image (content
 * streams, object streams, forms, fonts, ...) and whose filters compress (Flate, LZW, RunLength, the
 * ASCII encodings, in any chain) is decoded, counting its bytes and stopping
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
    if (!isCounted(filters[0])) continue;
    const header =
      objAt < 0 ? undefined : OBJECT_HEADER.exec(before.slice(Math.max(0, objAt - 40), objAt + 3));
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    const objects: Uint8Array[] | undefined = isObjectStream ? [] : undefined;
    const objectNumber = header ? Number(header[1]) : undefined;
    const mayBeFont = mayNameFontsLater || (objectNumber !== undefined && fontFiles.has(objectNumber));
    const cap = mayBeFont ? maxCap : PDF_STREAM_MAX_INFLATED_BYTES;
    const inflatedBytes = decodedSize(bytes.subarray(dataStart, dataEnd), filters, cap, objects);
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
