import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import type { JSONContent } from '@tiptap/core';
import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { AppError } from '../../platform/http/app-error.ts';
import { htmlToJson, markdownToJson, textToJson } from './document-content.ts';

type ImportFormat = 'markdown' | 'docx' | 'text' | 'html';
const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = {
  md: 'markdown',
  markdown: 'markdown',
  docx: 'docx',
  txt: 'text',
  html: 'html',
  htm: 'html',
};

/** Word's Heading 7-9 have no HTML element: mammoth marks them with a class that becomes the schema's `data-level`. */
const DOCX_STYLE_MAP = [7, 8, 9].map(
  (level) => `p[style-name='Heading ${level}'] => p.heading-${level}:fresh`,
);

const utf8 = new TextDecoder('utf-8', { fatal: true });
function textOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** A picture found in a DOCX: kept aside until its document exists, then uploaded into it. */
export type PendingImage = { placeholder: string; bytes: Buffer; contentType: string };

/** What a file holds, as HTML of the document schema (or text), before anything is stored. */
type ImportedContent = { html: string; images: PendingImage[] } | { json: JSONContent; images: [] };

/**
 * The file's content. The type is checked against the bytes: a DOCX must be one (a zip of Word's
 * parts), the text formats must be UTF-8 text; anything else answers 400 (2220).
 */
export async function readImportedFile(
  bytes: Buffer,
  fileName: string,
  /** Throws for Markdown whose document would clearly be too large, before it is parsed whole. */
  checkMarkdown: (text: string) => void = () => {},
): Promise<ImportedContent> {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const format = FORMAT_OF_EXTENSION[extension];
  if (!format) throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
  if (format === 'docx') {
    const detected = await fileTypeFromBuffer(bytes);
    if (detected?.ext !== 'docx') throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
    const images: PendingImage[] = [];
    let hasUntypedPicture = false;
    const convertImage = mammoth.images.imgElement(async (image) => {
      // mammoth reports what this throws as a warning and goes on: the file is refused after it.
      if (typeof image.contentType !== 'string' || !image.contentType.startsWith('image/')) {
        hasUntypedPicture = true;
        return { src: '' };
      }
      const placeholder = `tandem-import-image-${images.length}`;
      images.push({
        placeholder,
        bytes: Buffer.from(await image.readAsBuffer()),
        contentType: image.contentType,
      });
      return { src: placeholder };
    });
    const converted = await mammoth
      .convertToHtml({ buffer: bytes }, { styleMap: DOCX_STYLE_MAP, convertImage })
      .catch(() => {
        throw new AppError('DOCUMENT_IMPORT_UNREADABLE');
      });
    // A picture whose type neither the file nor its name gives is a damaged file (400, 2222), not a 500.
    if (hasUntypedPicture) throw new AppError('DOCUMENT_IMPORT_UNREADABLE');
    return { html: converted.value.replace(/<p class="heading-([789])">/g, '<p data-level="$1">'), images };
  }
  const text = textOf(bytes);
  if (text === undefined || (await fileTypeFromBuffer(bytes)))
    throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
  if (format === 'markdown') {
    checkMarkdown(text);
    return { json: markdownToJson(text), images: [] };
  }
  if (format === 'html') return { json: htmlToJson(text), images: [] };
  // Every character of a text file is kept, so its document's state is at least as large: past the
  // document limit it is refused at once rather than after seconds of conversion.
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  return { json: textToJson(text), images: [] };
}
