const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * A reply still streaming may stop inside a code block; closing the open fence keeps the rest of the
 * reply from rendering as code until the closing fence arrives.
 */
export function closeOpenCodeFence(text: string): string {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
  }
  if (open === null) return text;
  return `${text}${text.endsWith('\n') ? '' : '\n'}${open}`;
}
