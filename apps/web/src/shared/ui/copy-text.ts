/**
 * Copies `text` to the clipboard: with the Clipboard API where the page has it (https, or localhost), and
 * otherwise, or when the browser refuses it, by selecting a hidden field and the copy command, which a
 * plain-HTTP address on a local network still allows. Rejects when neither copied.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused (no permission, the document not focused): the copy command may still work.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.setAttribute('aria-hidden', 'true');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.focus({ preventScroll: true });
  field.select();
  let isCopied = false;
  try {
    isCopied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    field.remove();
    focused?.focus?.();
  }
  if (!isCopied) throw new Error('copy refused');
}
