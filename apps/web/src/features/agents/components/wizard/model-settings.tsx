import { QuestionCircleOutlined } from '@ant-design/icons';
import { MODEL_PARAM_RANGES, type ModelParamName, RANDOMNESS_PRESETS } from '@tandem/contract/agent-rules';
import { Form, InputNumber, Radio, Slider, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { clampParam, PARAM_ORDER } from '../../model/model-params.ts';

/** A slider and a number box for one parameter, kept within its range. */
function ParamControl({
  name,
  label,
  value,
  onChange,
}: {
  name: ModelParamName;
  label: string;
  value?: number;
  onChange?: (value: number) => void;
}) {
  const { min, max, step } = MODEL_PARAM_RANGES[name];
  return (
    <div className="param-control">
      <Slider
        className="param-control__slider"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(next) => onChange?.(clampParam(name, next))}
        aria-label={label}
      />
      <InputNumber
        className="param-control__number"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={label}
        onChange={(next) => {
          if (typeof next === 'number') onChange?.(clampParam(name, next));
        }}
      />
    </div>
  );
}

/**
 * Advanced model settings: a randomness preset sets temperature, top_p and the two penalties; changing
 * one of those makes the choice "custom" (the form's onValuesChange does both, see model-params.ts).
 */
export function ModelSettings() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['params', 'preset']}
        label={t('agents.params.preset')}
        className="model-settings__preset"
      >
        <Radio.Group
          optionType="button"
          className="model-settings__presets"
          options={RANDOMNESS_PRESETS.map((preset) => ({
            value: preset,
            label: t(`agents.params.preset_${preset}`),
          }))}
        />
      </Form.Item>
      <div className="model-settings__grid">
        {PARAM_ORDER.map((name) => (
          <Form.Item
            key={name}
            name={['params', name]}
            label={
              <span className="model-settings__label">
                {t(`agents.params.${name}`)}
                <Tooltip title={t(`agents.params.${name}_hint`)}>
                  <QuestionCircleOutlined aria-label={t(`agents.params.${name}_hint`)} />
                </Tooltip>
              </span>
            }
          >
            <ParamControl name={name} label={t(`agents.params.${name}`)} />
          </Form.Item>
        ))}
      </div>
    </>
  );
}
