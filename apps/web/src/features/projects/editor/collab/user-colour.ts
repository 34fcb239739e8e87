/** Caret colours readable on white and on the dark theme's paper. */
const COLOURS = ['#d4380d', '#d48806', '#389e0d', '#08979c', '#1d39c4', '#531dab', '#c41d7f', '#0958d9'];

/** The same nickname always gets the same colour, so people recognise each other's cursors. */
export function colourOf(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}
