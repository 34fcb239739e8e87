import type { ModelParams } from '@tandem/contract/agent';
import {
  MODEL_PARAM_RANGES,
  type ModelParamName,
  PRESET_VALUES,
  type RandomnessPreset,
} from '@tandem/contract/agent-rules';

export type { ModelParams };

/** The four values a randomness preset sets; context window and max tokens are the user's own. */
export const SAMPLING_PARAMS = ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty'] as const;
export type SamplingParam = (typeof SAMPLING_PARAMS)[number];

/** The parameters in the order the editor shows them. */
export const PARAM_ORDER: ModelParamName[] = [
  'context_window',
  'temperature',
  'top_p',
  'max_tokens',
  'presence_penalty',
  'frequency_penalty',
];

/** Choosing a named preset sets its values; `custom` keeps the values as they are. */
export function withPreset(params: ModelParams, preset: RandomnessPreset): ModelParams {
  return preset === 'custom' ? { ...params, preset } : { ...params, ...PRESET_VALUES[preset], preset };
}

/** Editing a value the presets set makes the choice the user's own. */
export function presetAfterEdit(changed: Partial<ModelParams>, current: RandomnessPreset): RandomnessPreset {
  return SAMPLING_PARAMS.some((name) => name in changed) ? 'custom' : current;
}

/** A typed value brought within the parameter's range and onto its step. */
export function clampParam(name: ModelParamName, value: number): number {
  const { min, max, step } = MODEL_PARAM_RANGES[name];
  const stepped = Math.round(value / step) * step;
  const decimals = String(step).split('.')[1]?.length ?? 0;
  return Number(Math.min(max, Math.max(min, stepped)).toFixed(decimals));
}
