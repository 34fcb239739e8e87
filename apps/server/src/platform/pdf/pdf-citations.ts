import type { Citation } from '@tandem/contract/citation';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { PDF_FONT } from './pdf-fonts.ts';
import { drawRuns, PDF_COLORS } from './pdf-markdown.ts';

const SOURCE_SIZE = 8.5;

/** A reply's sources under it, numbered as its text cites them: the document, its page, the passage. */
export function drawCitations(
  doc: PDFKit.PDFDocument,
  citations: readonly Citation[],
  box: { x: number; width: number },
  locale: Locale,
) {
  doc.y += 6;
  doc
    .font(PDF_FONT.bold)
    .fontSize(SOURCE_SIZE)
    .fillColor(PDF_COLORS.muted)
    .text(translate(locale, 'agent_knowledge.sources'), box.x, doc.y, box);
  for (const cited of citations) {
    const where =
      cited.page === null ? '' : ` · ${translate(locale, 'agent_knowledge.page', { page: cited.page })}`;
    const title = cited.available
      ? `${cited.doc_name}${where}`
      : translate(locale, 'agent_knowledge.unavailable');
    const style = { size: SOURCE_SIZE, color: PDF_COLORS.muted };
    drawRuns(
      doc,
      [
        { text: `[${cited.n}] `, style: { ...style, color: PDF_COLORS.link } },
        { text: title, style: { ...style, color: PDF_COLORS.text } },
        ...(cited.snippet ? [{ text: ` — ${cited.snippet}`, style }] : []),
      ],
      box,
    );
  }
}
