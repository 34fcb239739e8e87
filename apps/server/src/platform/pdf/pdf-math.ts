import katex from 'katex';

/**
 * TeX math (`$…$`, `$$…$$`) as text a PDF can set: KaTeX parses it as the web's rehype-katex does and
 * writes MathML, which is laid out here in one line of runs: symbols as KaTeX names them (\alpha α,
 * \le ≤, \sum ∑), superscripts and subscripts smaller and raised or lowered, fractions as a/b, roots
 * as √x. It reads as math, not as its `$x^2$` source; TeX KaTeX cannot parse stays as written.
 */

/** A piece of math: `rise` moves it off the line's baseline (points, up), `size` is its font size. */
export type MathPiece = { text: string; size: number; rise: number; italic?: boolean; blackboard?: boolean };

type XmlElement = { tag: string; attrs: Record<string, string>; children: XmlNode[] };
type XmlNode = XmlElement | { text: string };

const SCRIPT_SCALE = 0.72;
/** Spaced on both sides: relations and arrows read better with air around them. */
const SPACED = new Set([...'=<>≤≥≠≈≡∼≃≅∝→←↔⇒⇐⇔↦∈∉⊂⊃⊆⊇']);
/** Spaced when between two operands. */
const BINARY = new Set([...'+−±∓×÷⋅·∘∪∩∧∨']);
/** Invisible operators (function application, invisible times) that fonts draw as boxes. */
const INVISIBLE = /[\u2061-\u2064\u200b]/g;

/** The pieces of one formula at `size`; `display` for a block of its own. */
export function mathPieces(tex: string, size: number, display: boolean): MathPiece[] {
  const html = katex.renderToString(tex, {
    output: 'mathml',
    displayMode: display,
    throwOnError: false,
    strict: false,
  });
  const math = findElement(parseXml(html), 'math');
  if (!math) return [{ text: tex, size, rise: 0 }];
  return merge(piecesOf(math, { size, rise: 0, display }));
}

type Level = { size: number; rise: number; display: boolean };

function piecesOf(node: XmlNode, level: Level): MathPiece[] {
  if ('text' in node) return textPiece(node.text, level);
  const children = elementsOf(node);
  const [first, second, third] = children;
  const all = () => children.flatMap((child) => piecesOf(child, level));
  switch (node.tag) {
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
      return [];
    case 'semantics':
      return first ? piecesOf(first, level) : [];
    case 'mi': {
      const text = textIn(node);
      const variant = node.attrs.mathvariant;
      if (variant === 'double-struck') return [{ text, ...level, blackboard: true }];
      // A one-letter identifier is a variable, set in italic as TeX does.
      return textPiece(text, level, variant === undefined && [...text].length === 1);
    }
    case 'mo':
      return operator(textIn(node), level, node);
    case 'mn':
    case 'mtext':
    case 'ms':
      return textPiece(textIn(node), level);
    case 'mspace':
      return textPiece(' ', level);
    case 'msup':
      return [...base(first, level), ...script(second, level, 'up')];
    case 'msub':
      return [...base(first, level), ...script(second, level, 'down')];
    case 'msubsup':
    case 'munderover':
      return [...base(first, level), ...script(second, level, 'down'), ...script(third, level, 'up')];
    case 'munder':
      return [...base(first, level), ...script(second, level, 'down')];
    case 'mover':
      return [...base(first, level), ...script(second, level, 'up')];
    case 'mfrac':
      return fraction(first, second, level, node.attrs.linethickness === '0px');
    case 'msqrt':
      return [...textPiece('√', level), ...grouped(children, level)];
    case 'mroot':
      return [
        ...script(second, level, 'up'),
        ...textPiece('√', level),
        ...grouped(first ? [first] : [], level),
      ];
    case 'mtable':
      return table(children, level);
    default:
      return all();
  }
}

function textPiece(text: string, level: Level, italic = false): MathPiece[] {
  const shown = text.replace(INVISIBLE, '');
  return shown === ''
    ? []
    : [{ text: shown, size: level.size, rise: level.rise, ...(italic ? { italic } : {}) }];
}

function operator(text: string, level: Level, node: XmlElement): MathPiece[] {
  if (SPACED.has(text)) return textPiece(` ${text} `, level);
  if (BINARY.has(text) && node.attrs.fence !== 'true') return textPiece(` ${text} `, level);
  return textPiece(text, level);
}

const base = (node: XmlElement | undefined, level: Level) => (node ? piecesOf(node, level) : []);

/** A superscript or subscript: smaller, and raised or lowered from the level it hangs on. */
function script(node: XmlElement | undefined, level: Level, direction: 'up' | 'down'): MathPiece[] {
  if (!node) return [];
  const size = level.size * SCRIPT_SCALE;
  const rise = level.rise + (direction === 'up' ? level.size * 0.38 : -level.size * 0.18);
  return trimmed(piecesOf(node, { ...level, size, rise }));
}

/** a/b, with parentheses around a side of more than one term; a binomial as (n k). */
function fraction(
  top: XmlElement | undefined,
  bottom: XmlElement | undefined,
  level: Level,
  isBinomial: boolean,
) {
  const over = grouped(top ? [top] : [], level);
  const under = grouped(bottom ? [bottom] : [], level);
  if (isBinomial)
    return [
      ...textPiece('(', level),
      ...trimmed(over),
      ...textPiece(' ', level),
      ...trimmed(under),
      ...textPiece(')', level),
    ];
  return [...over, ...textPiece('/', level), ...under];
}

/** The pieces of `nodes`, in parentheses when they are more than one term (a+b, not x² or √x). */
function grouped(nodes: XmlElement[], level: Level): MathPiece[] {
  const inner = trimmed(nodes.flatMap((node) => piecesOf(node, level)));
  const [only] = nodes;
  const isOneTerm = nodes.length === 1 && only && (only.tag !== 'mrow' || elementsOf(only).length <= 1);
  return isOneTerm ? inner : [...textPiece('(', level), ...inner, ...textPiece(')', level)];
}

const elementsOf = (node: XmlElement) =>
  node.children.filter((child): child is XmlElement => !('text' in child));

/** A matrix or aligned equations: cells apart, rows on lines of their own in a block, else by semicolons. */
function table(rows: XmlElement[], level: Level): MathPiece[] {
  return rows.flatMap((row, index) => [
    ...(index > 0 ? textPiece(level.display ? '\n' : '; ', level) : []),
    ...row.children.flatMap((cell, column) =>
      'text' in cell
        ? []
        : [...(column > 0 ? textPiece('  ', level) : []), ...trimmed(piecesOf(cell, level))],
    ),
  ]);
}

/** Without the spaces operators bring at either end. */
function trimmed(pieces: MathPiece[]): MathPiece[] {
  const result = pieces.map((piece) => ({ ...piece }));
  const head = result[0];
  if (head) head.text = head.text.trimStart();
  const tail = result.at(-1);
  if (tail) tail.text = tail.text.trimEnd();
  return result.filter((piece) => piece.text !== '');
}

/** Neighbouring pieces of one look as one, so the PDF has fewer, longer strings. */
function merge(pieces: MathPiece[]): MathPiece[] {
  const merged: MathPiece[] = [];
  for (const piece of trimmed(pieces)) {
    const last = merged.at(-1);
    if (
      last &&
      last.size === piece.size &&
      last.rise === piece.rise &&
      !last.italic === !piece.italic &&
      !last.blackboard === !piece.blackboard
    ) {
      last.text += piece.text;
    } else merged.push({ ...piece });
  }
  return merged;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/** KaTeX's MathML: well-formed, attributes in double quotes, no comments or CDATA. */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { tag: '#root', attrs: {}, children: [] };
  const open: XmlElement[] = [root];
  for (const match of xml.matchAll(/<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const parent = open.at(-1) ?? root;
    const [, closing, tag, attributes, selfClosing, text] = match;
    if (text !== undefined) parent.children.push({ text: decode(text) });
    else if (closing) open.pop();
    else {
      const attrs = Object.fromEntries(
        [...(attributes ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
          name,
          decode(value ?? ''),
        ]),
      );
      const element: XmlElement = { tag: tag ?? '', attrs, children: [] };
      parent.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  return root;
}

function findElement(node: XmlElement, tag: string): XmlElement | undefined {
  if (node.tag === tag) return node;
  for (const child of node.children) {
    if ('text' in child) continue;
    const found = findElement(child, tag);
    if (found) return found;
  }
  return undefined;
}

const textIn = (node: XmlElement): string =>
  node.children.map((child) => ('text' in child ? child.text : textIn(child))).join('');
