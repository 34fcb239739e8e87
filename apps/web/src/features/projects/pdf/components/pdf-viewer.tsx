import {
  ColumnWidthOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { PDF_ZOOM_STEPS } from '@tandem/contract/pdf';
import { Button, InputNumber, Result, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page } from 'react-pdf';
import { useSearchParams } from 'react-router';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import './pdf-worker.ts';
import { usePdfZoom } from './use-pdf-zoom.ts';

/**
 * pdf.js's data files, copied into the build (build/pdfjs-assets-plugin.ts): CJK fonts that are not
 * embedded need the character maps, and some PDFs the standard fonts or the image decoders.
 */
const PDFJS_OPTIONS = {
  cMapUrl: '/pdfjs/cmaps/',
  cMapPacked: true,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  iccUrl: '/pdfjs/iccs/',
  wasmUrl: '/pdfjs/wasm/',
};

/** A US Letter page's width in PDF points, until the page says its own. */
const DEFAULT_PAGE_WIDTH = 612;
/** Room around the page inside the stage, in CSS pixels. */
const STAGE_PADDING = 32;
const ZOOM_MIN = Math.min(...PDF_ZOOM_STEPS);
const ZOOM_MAX = Math.max(...PDF_ZOOM_STEPS);

const clampPage = (page: number, count: number) =>
  Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, count));

/** The stage's inner width, followed as the window (or the phone) turns. */
function useStageWidth() {
  const stage = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { stage, width };
}

/**
 * A PDF a page at a time (react-pdf), with its text layer so that text can be selected and copied:
 * zoom in and out in steps or fit the page to the width (the start, and again after the window's
 * width changes), previous and next, a page number
 * to type, PageUp and PageDown. The page shown is the URL's `?page=N`, so a link opens at a page and
 * the browser's back button goes back through the pages read.
 */
export function PdfViewer({ bytes, pageCount }: { bytes: Uint8Array; pageCount: number }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [numPages, setNumPages] = useState(pageCount);
  const page = clampPage(Number(searchParams.get('page') ?? 1), numPages);
  const [zoom, setZoom] = usePdfZoom();
  const [pageWidth, setPageWidth] = useState(DEFAULT_PAGE_WIDTH);
  const [typed, setTyped] = useState<number | null>(page);
  const { stage, width } = useStageWidth();
  // pdf.js takes the bytes over into its worker: it gets a copy, so the cached bytes stay whole.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);

  const fitScale =
    width > 0 ? Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, (width - STAGE_PADDING) / pageWidth)) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const goTo = (next: number) => {
    const target = clampPage(next, numPages);
    setTyped(target);
    if (target === page) return;
    setSearchParams(
      (params) => {
        params.set('page', String(target));
        return params;
      },
      { replace: false },
    );
    stage.current?.scrollTo?.({ top: 0 });
  };
  const zoomIn = () => setZoom(PDF_ZOOM_STEPS.find((step) => step > scale + 0.01) ?? ZOOM_MAX);
  const zoomOut = () =>
    setZoom([...PDF_ZOOM_STEPS].reverse().find((step) => step < scale - 0.01) ?? ZOOM_MIN);

  useEffect(() => setTyped(page), [page]);
  // PageUp and PageDown turn the pages wherever the focus is (the page number box included).
  const goToRef = useRef(goTo);
  goToRef.current = goTo;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
      event.preventDefault();
      goToRef.current(page + (event.key === 'PageDown' ? 1 : -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page]);

  return (
    <section className="pdf-viewer">
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label={t('knowledge_pdf.viewer.toolbar')}>
        <div className="pdf-viewer__group">
          <Tooltip title={t('knowledge_pdf.viewer.previous')}>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('knowledge_pdf.viewer.previous')}
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            />
          </Tooltip>
          <InputNumber
            className="pdf-viewer__page-input"
            aria-label={t('knowledge_pdf.viewer.page')}
            min={1}
            max={numPages}
            precision={0}
            controls={false}
            value={typed}
            onChange={(value) => setTyped(typeof value === 'number' ? value : null)}
            onPressEnter={() => goTo(typed ?? page)}
            onBlur={() => goTo(typed ?? page)}
          />
          <span className="pdf-viewer__count">{t('knowledge_pdf.viewer.of', { count: numPages })}</span>
          <Tooltip title={t('knowledge_pdf.viewer.next')}>
            <Button
              icon={<RightOutlined />}
              aria-label={t('knowledge_pdf.viewer.next')}
              disabled={page >= numPages}
              onClick={() => goTo(page + 1)}
            />
          </Tooltip>
        </div>
        <div className="pdf-viewer__group">
          <Tooltip title={t('knowledge_pdf.viewer.zoom_out')}>
            <Button
              icon={<ZoomOutOutlined />}
              aria-label={t('knowledge_pdf.viewer.zoom_out')}
              disabled={scale <= ZOOM_MIN + 0.01}
              onClick={zoomOut}
            />
          </Tooltip>
          <span className="pdf-viewer__zoom" aria-live="polite">
            {t('knowledge_pdf.viewer.zoom', { percent: Math.round(scale * 100) })}
          </span>
          <Tooltip title={t('knowledge_pdf.viewer.zoom_in')}>
            <Button
              icon={<ZoomInOutlined />}
              aria-label={t('knowledge_pdf.viewer.zoom_in')}
              disabled={scale >= ZOOM_MAX - 0.01}
              onClick={zoomIn}
            />
          </Tooltip>
          <Tooltip title={t('knowledge_pdf.viewer.fit_width')}>
            <Button
              icon={<ColumnWidthOutlined />}
              aria-label={t('knowledge_pdf.viewer.fit_width')}
              aria-pressed={zoom === 'fit'}
              type={zoom === 'fit' ? 'primary' : 'default'}
              onClick={() => setZoom('fit')}
            />
          </Tooltip>
        </div>
      </div>
      <div className="pdf-viewer__stage" ref={stage}>
        {/* The viewer says itself what is loading or failed (its own words, in the user's language). */}
        <Document
          suspense={false}
          file={file}
          options={PDFJS_OPTIONS}
          onLoadSuccess={(document) => setNumPages(document.numPages)}
          loading={<div className="pdf-viewer__message">{t('knowledge_pdf.viewer.loading')}</div>}
          error={<Result status="warning" title={t('knowledge_pdf.viewer.failed')} />}
        >
          <Page
            key={page}
            className="pdf-viewer__page"
            pageNumber={page}
            scale={scale}
            renderTextLayer
            renderAnnotationLayer
            onLoadSuccess={(loaded) => setPageWidth(loaded.originalWidth || DEFAULT_PAGE_WIDTH)}
            loading={<div className="pdf-viewer__message">{t('knowledge_pdf.viewer.loading')}</div>}
            error={<div className="pdf-viewer__message">{t('knowledge_pdf.viewer.page_failed')}</div>}
          />
        </Document>
      </div>
    </section>
  );
}
