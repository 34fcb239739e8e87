/**
 * Contacts as screens outside team management show them: enough to tell two namesakes apart, not
 * enough to write to someone. Only a team's owner and admins read its members' whole addresses.
 */

/** `alice@example.com` → `al***@example.com`; a one- or two-letter name keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email ? '***' : '';
  const local = [...email.slice(0, at)];
  const kept = local.length > 2 ? 2 : Math.min(1, local.length);
  return `${local.slice(0, kept).join('')}***${email.slice(at)}`;
}

/** `13812345678` → `138****5678`; a short number shows only its last two digits. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length < 7) return `****${phone.slice(-2)}`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
