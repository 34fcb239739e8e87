import type { AgentConfig } from '@tandem/contract/agent';
import { AGENT_REQUIRED_FIELD_ERRORS, AGENT_REQUIRED_FIELDS } from '@tandem/contract/agent-rules';
import { ERRORS, type FieldError } from '@tandem/contract/errors';
import { AppError } from '../../platform/http/app-error.ts';
import type { Llm } from '../../platform/llm/llm.ts';

/** Whether the model can serve the agent: it and its provider are enabled, and it completes text. */
export async function isUsableModel(llm: Llm, modelId: number) {
  const model = await llm.modelInfo(modelId);
  return model !== undefined && model.type === 'completion';
}

/**
 * Publishing needs every required field and a usable model. Each missing field is listed with its
 * own code (2104-2109, or 2007 for a model no longer available) under the one "save failed" error.
 */
export async function assertPublishable(llm: Llm, config: AgentConfig) {
  const fields: FieldError[] = AGENT_REQUIRED_FIELDS.filter((field) => config[field].trim() === '').map(
    (field) => ({ field, message: 'required', code: ERRORS[AGENT_REQUIRED_FIELD_ERRORS[field]].code }),
  );
  if (config.model_id === null) {
    fields.push({ field: 'model_id', message: 'required', code: ERRORS.AGENT_MODEL_REQUIRED.code });
  } else if (!(await isUsableModel(llm, config.model_id))) {
    fields.push({ field: 'model_id', message: 'unavailable', code: ERRORS.MODEL_UNAVAILABLE.code });
  }
  if (fields.length > 0) throw new AppError('AGENT_SAVE_FAILED', { fields });
}
