import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useLocaleStore } from '../i18n/i18n.ts';
import { type DialCodeOption, dialCodeOptions } from './dial-codes.ts';

export type DialCodeSelectProps = Omit<SelectProps<string, DialCodeOption>, 'options' | 'showSearch'>;

/**
 * The dial code of a phone field (`+86`), searchable by region names in the interface language. Inside a
 * `Form.Item` it takes the item's value like any input; a caller may show the options its own way.
 */
export function DialCodeSelect(props: DialCodeSelectProps) {
  const locale = useLocaleStore((state) => state.locale);
  const options = useMemo(() => dialCodeOptions(locale), [locale]);
  return (
    <Select<string, DialCodeOption>
      popupMatchSelectWidth={240}
      optionRender={(option) => `${option.data.label} ${option.data.name}`}
      {...props}
      showSearch={{ optionFilterProp: ['label', 'name'] }}
      options={options}
    />
  );
}
