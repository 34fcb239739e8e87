import { type Currency, formatMoney } from '@tandem/contract/billing';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import type { billingOrders } from '../../db/schema.ts';
import { openPdf, PDF_FONT } from '../../platform/pdf/index.ts';

/**
 * Our own invoice for a sandbox payment, in the reader's language, set in the CJK font the chat export
 * registers (Noto Sans SC covers Chinese, Japanese and Latin; PDFKit embeds only the glyphs used).
 */
export async function renderInvoicePdf(input: {
  order: typeof billingOrders.$inferSelect;
  planName: string;
  teamName: string;
  locale: Locale;
  timeZone: string;
}): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(input.locale, `billing.invoice.${key}`, values);
  const { order } = input;
  const date = new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: input.timeZone });
  const amount = formatMoney(order.amount, order.currency as Currency, input.locale);
  const title = t('title');
  const { doc, box, finished } = await openPdf({ title: `${title} ${order.orderNo}`, locale: input.locale });
  doc.font(PDF_FONT.bold).fontSize(22).fillColor('#111111').text(title, box.x, doc.y, box);
  doc.moveDown(0.2).font(PDF_FONT.regular).fontSize(10).fillColor('#555555').text('Tandem', box);
  doc.moveDown(1.2).fillColor('#111111').fontSize(11);
  const period =
    order.periodStart && order.periodEnd
      ? `${date.format(order.periodStart)} – ${date.format(order.periodEnd)}`
      : '';
  const rows: [string, string][] = [
    [t('number'), order.orderNo],
    [t('date'), date.format(order.paidAt ?? order.createdAt)],
    [t('billed_to'), input.teamName],
    [t('plan'), `${input.planName} · ${t(order.periodType === 2 ? 'yearly' : 'monthly')}`],
    [t('period'), period],
    [t('status'), t('paid')],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(PDF_FONT.regular).fillColor('#666666').text(label, box.x, y, { width: 140 });
    doc.fillColor('#111111').text(value, box.x + 150, y, { width: box.width - 150 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  doc
    .moveTo(box.x, doc.y)
    .lineTo(box.x + box.width, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.8);
  const y = doc.y;
  doc.font(PDF_FONT.bold).fontSize(14).text(t('total'), box.x, y, { width: 200 });
  doc.text(amount, box.x, y, { width: box.width, align: 'right' });
  doc
    .moveDown(2)
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor('#777777')
    .text(t('sandbox_note'), box.x, doc.y, box);
  doc.end();
  return finished;
}
