/** Limits of model providers' and models' fields, without zod, for the admin screen's form. */

export const PROVIDER_NAME_MAX = 100;
export const BASE_URL_MAX = 500;
export const API_KEY_MAX = 2000;
export const MODEL_NAME_MAX = 100;
export const MODEL_KEY_MAX = 200;
export const PARAMETER_SIZE_MAX = 20;
export const TRAINING_DATE_MAX = 20;
export const CONTEXT_LENGTH_MAX = 10_000_000;
export const DEFAULT_CONTEXT_LENGTH = 8192;
export const POINTS_PER_REQUEST_MAX = 100_000;
export const MODEL_SORT_MAX = 9999;
