import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

const TOGGLES = ['cite_sources', 'markdown', 'suggest_questions', 'project_context', 'web_build'] as const;

/**
 * The agent's switches: cite sources, answer in markdown, suggest 3 next questions, use project context,
 * build web pages.
 */
export function OptionToggles() {
  const { t } = useTranslation();
  return (
    <div className="option-toggles">
      {TOGGLES.map((name) => (
        <div key={name} className="option-toggle">
          <div className="option-toggle__text">
            <label htmlFor={`agent-${name}`} className="option-toggle__label">
              {t(`agents.options.${name}`)}
            </label>
            <span className="option-toggle__hint">{t(`agents.options.${name}_hint`)}</span>
          </div>
          <Form.Item name={name} valuePropName="checked" noStyle>
            <Switch id={`agent-${name}`} />
          </Form.Item>
        </div>
      ))}
    </div>
  );
}
