/**
 * A generated avatar for an agent without a picture: its initials on a gradient chosen from its name, so
 * the same name always gives the same picture and "another" steps through the palettes.
 */

const PALETTES: [string, string][] = [
  ['#5b5ff5', '#9a6bff'],
  ['#0ea5e9', '#6366f1'],
  ['#10b981', '#0ea5e9'],
  ['#f59e0b', '#ef4444'],
  ['#ec4899', '#8b5cf6'],
  ['#14b8a6', '#22c55e'],
  ['#f97316', '#eab308'],
  ['#64748b', '#334155'],
];

export const GENERATED_AVATAR_SIZE = 256;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** One character for a name in a script without spaces (Chinese, Japanese), two initials otherwise. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '')][0] ?? '';
  if (!first) return '?';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(first)) return first;
  const second = words.length > 1 ? ([...(words[1] ?? '')][0] ?? '') : ([...(words[0] ?? '')][1] ?? '');
  return (first + second).toUpperCase();
}

export function paletteOf(name: string, variant = 0): [string, string] {
  return PALETTES[(hashOf(name.trim().toLowerCase()) + variant) % PALETTES.length]!;
}

/** Draws the avatar as a PNG (a browser canvas; the upload takes it like any picture). */
export async function drawGeneratedAvatar(name: string, variant = 0): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = GENERATED_AVATAR_SIZE;
  canvas.height = GENERATED_AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  const [from, to] = paletteOf(name, variant);
  const gradient = context.createLinearGradient(0, 0, GENERATED_AVATAR_SIZE, GENERATED_AVATAR_SIZE);
  gradient.addColorStop(0, from);
  gradient.addColorStop(1, to);
  context.fillStyle = gradient;
  context.fillRect(0, 0, GENERATED_AVATAR_SIZE, GENERATED_AVATAR_SIZE);
  const initials = initialsOf(name);
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `600 ${initials.length > 1 ? 104 : 120}px -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans', 'Noto Sans CJK SC', sans-serif`;
  context.fillText(initials, GENERATED_AVATAR_SIZE / 2, GENERATED_AVATAR_SIZE / 2 + 6);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('could not encode the avatar');
  return blob;
}
