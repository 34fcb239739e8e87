import { z } from 'zod';

/**
 * Element chat: the web preview's pick mode. The app and the page in its preview frame talk
 * by `postMessage` only. The app tells the frame to start or stop picking; the frame outlines the
 * element under the pointer and posts the one clicked (or that picking ended on Escape). The frame is
 * an opaque origin, so the app posts with `'*'` and accepts a message only from its own frame's window,
 * shaped as below: nothing in either direction is secret.
 */

/** Where the preview origin serves the pick script, which it adds to every page it serves. */
export const SITE_PICK_SCRIPT_PATH = '/_tandem/pick.js';

export const SITE_PICK_MESSAGES = {
  /** App to frame: `{type, active}`, start (true) or stop (false) picking. */
  mode: 'tandem:pick-mode',
  /** Frame to app: `{type, element}`, the element clicked; picking has ended. */
  picked: 'tandem:picked',
  /** Frame to app: `{type}`, picking ended without a pick (Escape). */
  ended: 'tandem:pick-ended',
} as const;

/** The characters of a picked element's text and of its HTML excerpt that are kept. */
export const SITE_PICK_TEXT_MAX = 120;
export const SITE_PICK_HTML_MAX = 400;
/** A longer selector (a very deep element) is not offered. */
export const SITE_PICK_SELECTOR_MAX = 500;
export const SITE_PICK_TAG_MAX = 40;

/** A reference to an element of a built page: its tag, its text, a selector unique in the page, its HTML. */
export const sitePickedElement = z.object({
  tag: z.string().min(1).max(SITE_PICK_TAG_MAX),
  text: z.string().max(SITE_PICK_TEXT_MAX),
  selector: z.string().min(1).max(SITE_PICK_SELECTOR_MAX),
  html: z.string().max(SITE_PICK_HTML_MAX),
});
export type SitePickedElement = z.infer<typeof sitePickedElement>;

/** What the app accepts from its preview frame. */
export const sitePickMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal(SITE_PICK_MESSAGES.picked), element: sitePickedElement }),
  z.object({ type: z.literal(SITE_PICK_MESSAGES.ended) }),
]);
export type SitePickMessage = z.infer<typeof sitePickMessage>;
