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
function pdfOf(objects: { dictionary: string; stream?: Buffer }[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  objects.forEach(({ dictionary, stream }, index) => {
    if (!stream) {
      parts.push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\nendobj\n`));
      return;
    }
    const head = `${index + 1} 0 obj\n<< ${dictionary} /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`;
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
});
