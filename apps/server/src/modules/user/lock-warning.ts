import { DEFAULT_LOCALE, normaliseLocale } from '@tandem/contract/i18n';
import { SIGN_IN_LOCK_MS, SIGN_IN_MAX_FAILURES } from '@tandem/contract/limits';
import { translate } from '@tandem/contract/messages';
import { describePlace, locate } from '../../platform/geo/geoip.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import type { User } from './accounts.ts';

/**
 * Tells the owner, by mail (or SMS for a phone-only account) in their language, that an address has
 * just been locked out of their account after five failed sign-ins.
 */
export async function warnOwnerOfLock(messenger: Messenger, user: User, ipAddress: string) {
  const locale = normaliseLocale(user.languageKey) ?? DEFAULT_LOCALE;
  const place = describePlace(await locate(ipAddress), locale);
  const values = {
    address: place ? `${ipAddress} (${place})` : ipAddress,
    count: SIGN_IN_MAX_FAILURES,
    minutes: SIGN_IN_LOCK_MS / 60_000,
  };
  const recipient = user.email
    ? { channel: 'email' as const, to: user.email }
    : user.phone
      ? { channel: 'sms' as const, to: `+${user.countryCode}${user.phone}` }
      : undefined;
  if (!recipient) return;
  await messenger.send({
    ...recipient,
    subject: translate(locale, 'sign_in_alert.subject'),
    text: translate(locale, 'sign_in_alert.text', values),
  });
}
