import { DEVICE_ID_STORAGE_KEY } from '@tandem/contract/system';
import { keptValue } from './kept-value.ts';

function randomId() {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A random id per browser, kept in local storage so the server can tell this device's sessions apart. */
export const getDeviceId = (): string => keptValue(DEVICE_ID_STORAGE_KEY, randomId);
