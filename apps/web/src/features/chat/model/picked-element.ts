import type { SitePickedElement } from '@tandem/contract/chat-site-pick';
import type { TFunction } from 'i18next';

/** An element picked in the preview of a version, waiting in the composer for the next message. */
export type PickedElement = SitePickedElement & { version: number };

/** The chip's words: the element's tag and the start of its text. */
export const pickedNameOf = (picked: PickedElement) =>
  picked.text ? `<${picked.tag}> ${picked.text.slice(0, 40)}` : `<${picked.tag}>`;

/** A code fence longer than any run of backticks in the text it holds. */
const fenceFor = (text: string) =>
  '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));

/**
 * The message asking the agent to change a picked element: the user's words, then a block naming
 * the version, the element's selector, tag and text, and its HTML in a code fence (the builder's
 * prompt says what such a block means).
 */
export function elementRequestOf(t: TFunction, words: string, picked: PickedElement): string {
  const fence = fenceFor(picked.html);
  return [
    words,
    '',
    '---',
    t('sites.element_request', { number: picked.version }),
    `- ${t('sites.element_selector')}: ${picked.selector}`,
    `- ${t('sites.element_tag')}: ${picked.tag}`,
    ...(picked.text ? [`- ${t('sites.element_text')}: ${picked.text}`] : []),
    `${fence}html`,
    picked.html,
    fence,
  ].join('\n');
}
