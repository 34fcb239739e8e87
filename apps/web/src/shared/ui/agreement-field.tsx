import { Checkbox, Form } from 'antd';
import { LEGAL_LINK_TAGS } from './legal-links.tsx';
import { RichText } from './rich-text.tsx';

/**
 * The form's `agree` checkbox: the text names the terms and the privacy policy (`<terms>`, `<privacy>`
 * tags), and the form is not sent until it is ticked.
 */
export function AgreementField({
  text,
  requiredMessage,
  className,
}: {
  text: string;
  requiredMessage: string;
  className?: string;
}) {
  return (
    <Form.Item
      name="agree"
      valuePropName="checked"
      className={className}
      rules={[
        {
          validator: (_, value: boolean | undefined) =>
            value ? Promise.resolve() : Promise.reject(new Error(requiredMessage)),
        },
      ]}
    >
      <Checkbox>
        <RichText text={text} tags={LEGAL_LINK_TAGS} />
      </Checkbox>
    </Form.Item>
  );
}
