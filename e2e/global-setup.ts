import { ensureChromium } from './system-deps.ts';

export default function globalSetup() {
  ensureChromium();
}
