// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { deflateRawSync, deflateSync } from 'node:zlib';
import {
  PDF_FONT_STREAM_MAX_INFLATED_BYTES,
  PDF_STREAM_MAX_INFLATED_BYTES,
  PDF_TOTAL_MAX_INFLATED_BYTES,
} from '@tandem/contract/limits';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { assertPdfStreamsWithinLimits } from './pdf-streams.ts';

const MB = 1024 * 1024;

/** Deflated bytes that inflate to `size` bytes of page drawing. */
const deflated = (size: number) => deflateSync(Buffer.alloc(size, '0 0 m 1 1 l S\n'), { level: 9 });

/** The objects of a PDF (numbered from 1) as pdf.js would find them; the scan needs no cross-reference table. */
function pdfOf(objects: { dictionary: string; stream?: Buffer; filter?: string }[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  objects.forEach(({ dictionary, stream, filter = '/FlateDecode' }, index) => {
    if (!stream) {
      parts.push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\nendobj\n`));
      return;
    }
    const head = `${index + 1} 0 obj\n<< ${dictionary} /Length ${stream.length} /Filter ${filter} >>\nstream\n`;
    parts.push(Buffer.from(head), stream, Buffer.from('\nendstream\nendobj\n'));
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

const refusal = (bytes: Buffer) => {
  try {
    assertPdfStreamsWithinLimits(bytes);
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.errorName : error;
  }
};

describe('a PDF’s decompressed content', () => {
  it('passes within the limits, and stops one page stream past its limit (2243)', () => {
    expect(
      refusal(pdfOf([{ dictionary: '' }, { dictionary: '', stream: deflated(2 * MB) }])),
    ).toBeUndefined();
    expect(
      refusal(
        pdfOf([{ dictionary: '' }, { dictionary: '', stream: deflated(PDF_STREAM_MAX_INFLATED_BYTES + MB) }]),
      ),
    ).toBe('PDF_CONTENT_TOO_LARGE');
  });

  it('reads a stream to its /Length (direct or not) when its compressed bytes spell `endstream` early', () => {
    // A zlib stream whose first, stored block holds the word: a scan stopping at it would see 9 bytes.
    const word = Buffer.from('endstream');
    const stored = Buffer.from([0x00, word.length, 0, ~word.length & 0xff, 0xff]);
    const body = deflateRawSync(Buffer.alloc(PDF_STREAM_MAX_INFLATED_BYTES + MB, '0 0 m 1 1 l S\n'), {
      level: 9,
    });
    const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), stored, word, body]);
    expect(refusal(pdfOf([{ dictionary: '' }, { dictionary: '', stream }]))).toBe('PDF_CONTENT_TOO_LARGE');
    const indirect = Buffer.concat([
      Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Length 2 0 R /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from(`\nendstream\nendobj\n2 0 obj\n${stream.length}\nendobj\n%%EOF\n`),
    ]);
    expect(refusal(indirect)).toBe('PDF_CONTENT_TOO_LARGE');
  });

  it('leaves images alone, and gives a font program (named from an object stream too) its larger limit', () => {
    const large = deflated(PDF_STREAM_MAX_INFLATED_BYTES + MB);
    expect(PDF_FONT_STREAM_MAX_INFLATED_BYTES).toBeGreaterThan(PDF_STREAM_MAX_INFLATED_BYTES + MB);
    expect(refusal(pdfOf([{ dictionary: '/Type /XObject /Subtype /Image', stream: large }]))).toBeUndefined();
    const descriptor = '<< /Type /FontDescriptor /FontName /NotoSansSC /FontFile2 2 0 R >>';
    expect(
      refusal(pdfOf([{ dictionary: descriptor }, { dictionary: '/Length1 9437184', stream: large }])),
    ).toBe(undefined);
    // The descriptor compressed inside an object stream (as most PDFs of today write it), after the font.
    const objectStream = deflateSync(Buffer.from(`1 0 ${descriptor}`));
    expect(
      refusal(
        pdfOf([
          { dictionary: '/Type /Catalog' },
          { dictionary: '/Length1 9437184', stream: large },
          { dictionary: '/Type /ObjStm /N 1 /First 4', stream: objectStream },
        ]),
      ),
    ).toBeUndefined();
    // The same stream named by no font descriptor is page content past its limit.
    expect(
      refusal(pdfOf([{ dictionary: '/Type /Catalog' }, { dictionary: '/Length1 9437184', stream: large }])),
    ).toBe('PDF_CONTENT_TOO_LARGE');
  });

  it('counts every stream, object streams too, against the limit for the whole PDF', () => {
    const stream = deflated(6 * MB);
    const pages = Array.from({ length: Math.floor(PDF_TOTAL_MAX_INFLATED_BYTES / (6 * MB)) }, () => ({
      dictionary: '',
      stream,
    }));
    expect(refusal(pdfOf([{ dictionary: '' }, ...pages]))).toBeUndefined();
    expect(
      refusal(pdfOf([{ dictionary: '' }, ...pages, { dictionary: '/Type /ObjStm /N 1 /First 4', stream }])),
    ).toBe('PDF_CONTENT_TOO_LARGE');
  });

  describe('behind other filters', () => {
    const past = PDF_STREAM_MAX_INFLATED_BYTES + MB;
    const within = 2 * MB;
    const drawing = (size: number) => Buffer.alloc(size, '0 0 m 1 1 l S\n');
    const ascii85 = (bytes: Buffer) => {
      let text = '';
      for (let at = 0; at < bytes.length; at += 4) {
        const group = bytes.subarray(at, at + 4);
        const word = Buffer.concat([group, Buffer.alloc(4 - group.length)]).readUInt32BE(0);
        if (word === 0 && group.length === 4) {
          text += 'z';
          continue;
        }
        let digits = '';
        for (let value = word, index = 0; index < 5; index++, value = Math.floor(value / 85))
          digits = String.fromCharCode(33 + (value % 85)) + digits;
        text += digits.slice(0, group.length + 1);
      }
      return Buffer.from(`${text}~>`);
    };
    /** Run-length: 128 copies of a byte in two bytes. */
    const runLength = (size: number) => {
      const runs = Buffer.alloc(Math.ceil(size / 128) * 2 + 1);
      for (let at = 0; at < runs.length - 1; at += 2) {
        runs[at] = 129;
        runs[at + 1] = 0x20;
      }
      runs[runs.length - 1] = 128;
      return runs;
    };
    /** LZW as PDF writes it (9- to 12-bit codes, early change), clearing the table when it is full. */
    const lzw = (bytes: Buffer) => {
      const codes: { code: number; width: number }[] = [{ code: 256, width: 9 }];
      let table = new Map<string, number>();
      let next = 258;
      let width = 9;
      let word = '';
      for (const byte of bytes) {
        const extended = word + String.fromCharCode(byte);
        if (extended.length === 1 || table.has(extended)) {
          word = extended;
          continue;
        }
        codes.push({ code: word.length === 1 ? word.charCodeAt(0) : table.get(word)!, width });
        table.set(extended, next++);
        if (next + 1 > 1 << width && width < 12) width += 1;
        if (next >= 4094) {
          codes.push({ code: 256, width });
          table = new Map();
          next = 258;
          width = 9;
        }
        word = String.fromCharCode(byte);
      }
      codes.push({ code: word.length === 1 ? word.charCodeAt(0) : table.get(word)!, width });
      codes.push({ code: 257, width });
      let bits = '';
      for (const { code, width: w } of codes) bits += code.toString(2).padStart(w, '0');
      bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
      return Buffer.from(bits.match(/.{8}/g)!.map((octet) => Number.parseInt(octet, 2)));
    };
    const page = (stream: Buffer, filter: string) =>
      refusal(pdfOf([{ dictionary: '' }, { dictionary: '', stream, filter }]));

    it('counts a Flate stream written in ASCII (hex, base 85) or deflated twice', () => {
      for (const size of [within, past]) {
        const expected = size === past ? 'PDF_CONTENT_TOO_LARGE' : undefined;
        const once = deflateSync(drawing(size), { level: 9 });
        expect(page(Buffer.from(`${once.toString('hex')}>`), '[/ASCIIHexDecode /FlateDecode]')).toBe(
          expected,
        );
        expect(page(ascii85(once), '[/A85 /Fl]')).toBe(expected);
        expect(page(deflateSync(once), '[/FlateDecode /FlateDecode]')).toBe(expected);
      }
    });

    it('counts run-length and LZW streams, alone or in a chain', () => {
      expect(page(runLength(within), '/RunLengthDecode')).toBeUndefined();
      expect(page(runLength(past), '/RunLengthDecode')).toBe('PDF_CONTENT_TOO_LARGE');
      expect(page(deflateSync(runLength(past)), '[/Fl /RL]')).toBe('PDF_CONTENT_TOO_LARGE');
      expect(page(lzw(drawing(within)), '/LZWDecode')).toBeUndefined();
      expect(page(lzw(drawing(past)), '/LZWDecode')).toBe('PDF_CONTENT_TOO_LARGE');
    });
  });
});
