import { DEFAULT_COUNTRY_CODE } from '@tandem/contract/account-rules';

/**
 * Dial codes offered by the phone field, China first (the spec's default), then the places users come
 * from most. Regions sharing a code share an entry, so the value stays the dial code the server wants.
 */
const DIAL_CODES: { code: string; regions: string[] }[] = [
  { code: DEFAULT_COUNTRY_CODE, regions: ['CN'] },
  { code: '852', regions: ['HK'] },
  { code: '853', regions: ['MO'] },
  { code: '886', regions: ['TW'] },
  { code: '81', regions: ['JP'] },
  { code: '82', regions: ['KR'] },
  { code: '65', regions: ['SG'] },
  { code: '60', regions: ['MY'] },
  { code: '66', regions: ['TH'] },
  { code: '84', regions: ['VN'] },
  { code: '62', regions: ['ID'] },
  { code: '63', regions: ['PH'] },
  { code: '91', regions: ['IN'] },
  { code: '1', regions: ['US', 'CA'] },
  { code: '44', regions: ['GB'] },
  { code: '49', regions: ['DE'] },
  { code: '33', regions: ['FR'] },
  { code: '39', regions: ['IT'] },
  { code: '34', regions: ['ES'] },
  { code: '31', regions: ['NL'] },
  { code: '41', regions: ['CH'] },
  { code: '46', regions: ['SE'] },
  { code: '7', regions: ['RU', 'KZ'] },
  { code: '61', regions: ['AU'] },
  { code: '64', regions: ['NZ'] },
  { code: '971', regions: ['AE'] },
  { code: '966', regions: ['SA'] },
  { code: '55', regions: ['BR'] },
  { code: '52', regions: ['MX'] },
  { code: '27', regions: ['ZA'] },
];

/** `value` is what the server wants (`86`), `label` what the field shows (`+86`), `name` what search finds. */
export type DialCodeOption = { value: string; label: string; name: string };

/** Options for the dial-code select, region names in the interface language. */
export function dialCodeOptions(locale: string): DialCodeOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return DIAL_CODES.map(({ code, regions }) => ({
    value: code,
    label: `+${code}`,
    name: regions.map((region) => names.of(region) ?? region).join(' / '),
  }));
}
