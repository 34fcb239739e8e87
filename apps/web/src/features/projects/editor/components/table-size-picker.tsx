import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PICKER_ROWS = 8;
export const PICKER_COLS = 8;

type Size = { rows: number; cols: number };

const clamp = (value: number, max: number) => Math.min(Math.max(value, 1), max);

/**
 * A grid of cells: pointing at (or moving the arrow keys to) a cell picks a table that many rows by that
 * many columns; a click, Enter or Space inserts it. One cell takes the Tab stop.
 */
export function TableSizePicker({ onPick }: { onPick(size: Size): void }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<Size>({ rows: 3, cols: 3 });
  const grid = useRef<HTMLDivElement>(null);
  const cellOf = ({ rows, cols }: Size) =>
    grid.current?.querySelector<HTMLButtonElement>(`[data-rows="${rows}"][data-cols="${cols}"]`);

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, Size> = {
      ArrowUp: { rows: size.rows - 1, cols: size.cols },
      ArrowDown: { rows: size.rows + 1, cols: size.cols },
      ArrowLeft: { rows: size.rows, cols: size.cols - 1 },
      ArrowRight: { rows: size.rows, cols: size.cols + 1 },
      Home: { rows: size.rows, cols: 1 },
      End: { rows: size.rows, cols: PICKER_COLS },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = { rows: clamp(move.rows, PICKER_ROWS), cols: clamp(move.cols, PICKER_COLS) };
    setSize(next);
    cellOf(next)?.focus();
  }

  const cells = [];
  for (let rows = 1; rows <= PICKER_ROWS; rows++) {
    for (let cols = 1; cols <= PICKER_COLS; cols++) {
      const isPicked = rows === size.rows && cols === size.cols;
      cells.push(
        <button
          key={`${rows}x${cols}`}
          type="button"
          className={
            rows <= size.rows && cols <= size.cols ? 'doc-table-size__cell is-in' : 'doc-table-size__cell'
          }
          data-rows={rows}
          data-cols={cols}
          tabIndex={isPicked ? 0 : -1}
          aria-label={t('doc_editor.table_size_cell', { rows, cols })}
          aria-pressed={isPicked}
          onMouseEnter={() => setSize({ rows, cols })}
          onFocus={() => setSize({ rows, cols })}
          onClick={() => onPick({ rows, cols })}
        />,
      );
    }
  }

  return (
    <div className="doc-table-size">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons moved through with the arrow keys. */}
      <div
        ref={grid}
        role="group"
        aria-label={t('doc_editor.table_size_label')}
        aria-describedby="doc-table-size-hint"
        className="doc-table-size__grid"
        style={{ gridTemplateColumns: `repeat(${PICKER_COLS}, 1fr)` }}
        onKeyDown={onKeyDown}
      >
        {cells}
      </div>
      <div className="doc-table-size__caption" aria-live="polite">
        {t('doc_editor.table_size', size)}
      </div>
      <div id="doc-table-size-hint" className="doc-table-size__hint">
        {t('doc_editor.table_size_hint')}
      </div>
    </div>
  );
}
