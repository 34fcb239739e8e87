/** The business constants and limits of the spec, and those it leaves open, named once. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

// Session and client
export const IDENTITY_CHECK_INTERVAL_MS = 60 * SECOND;
/** The spec names a user heartbeat but not its cadence: every five minutes while a page is open. */
export const HEARTBEAT_INTERVAL_MS = 5 * MINUTE;
export const REALTIME_RECONNECT_MS = 10 * SECOND;
export const REALTIME_WAIT_TIMEOUT_MS = 10 * SECOND;
export const REALTIME_WAIT_POLL_MS = 50;
export const REALTIME_SUBSCRIBE_POLL_MS = SECOND;
export const LOCAL_DOC_CACHE_EXPIRY_MS = DAY;
export const REQUEST_TIMEOUT_MS = 30 * SECOND;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND;
export const TOKEN_LIFETIME_DAYS = 15;
export const TOKEN_LIFETIME_MS = TOKEN_LIFETIME_DAYS * DAY;
export const UNAUTHORISED_RELOAD_DELAY_MS = SECOND;

// Verification codes and sign-in protection
export const CODE_LENGTH = 6;
export const CODE_RESEND_WAIT_S = 60;
export const CODE_EXPIRY_MS = 10 * MINUTE;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODES_PER_IP_PER_HOUR = 20;
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * MINUTE;
export const SIGN_IN_LOCK_MS = 15 * MINUTE;
/** Not in the spec: the owner is warned of a lock at most once an hour, and sees 30 days of failures. */
export const SIGN_IN_ALERT_INTERVAL_MS = HOUR;
export const SIGN_IN_FAILURE_HISTORY_MS = 30 * DAY;
export const SIGN_IN_FAILURES_SHOWN = 20;

// Outside images in replies, fetched through our proxy after a click (not in the spec)
export const IMAGE_PROXY_MAX_BYTES = 5 * MB;
export const IMAGE_PROXY_TIMEOUT_MS = 10 * SECOND;
export const IMAGE_PROXY_MAX_REDIRECTS = 3;
export const IMAGE_PROXY_PER_MINUTE = 60;

// Account
export const NICKNAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const EMAIL_MAX = 254;
/** Not given by the spec for user avatars; the agent avatar's 3 MB is used for both. */
export const AVATAR_MAX_BYTES = 3 * MB;
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;
export const AVATAR_CROP_ASPECT = 1;
export const AVATAR_CROP_MAX_SIZE = 2000;
export const AVATAR_CROP_OUTPUT = 'jpeg';
export const DEVICE_TABLE_MAX_HEIGHT_PX = 190;

// Teams
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 100;
export const COMPANY_SIZE_BANDS = ['1~10', '11~50', '51~100', '101~300', '301~1000', '1001+'] as const;
export const INVITE_QR_SIZE_PX = 200;
export const INVITE_QR_ERROR_CORRECTION = 'L';
export const DISSOLVE_TEAM_CONFIRM_TEXT = 'DELETE';

// Relative time
export const RELATIVE_JUST_NOW_MS = 30 * SECOND;
export const RELATIVE_MINUTES_UNTIL_MS = HOUR;
export const RELATIVE_HOURS_UNTIL_MS = DAY;
export const RELATIVE_YESTERDAY_UNTIL_MS = 2 * DAY;

// Uploads
export const CHAT_IMAGE_MAX_BYTES = 5 * MB;
export const CHAT_IMAGES_PER_MESSAGE = 10;
export const CHAT_IMAGE_FORMATS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const EDITOR_IMAGE_MAX_BYTES = 10 * MB;
export const EDITOR_FILE_MAX_BYTES = 20 * MB;
export const AGENT_AVATAR_MAX_BYTES = 3 * MB;
export const AGENT_AVATAR_FORMATS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const WEB_ELEMENT_IMAGE_MAX_BYTES = 3.5 * MB;
export const PDF_MAX_BYTES = 20 * MB;
/**
 * A PDF's decompressed content (its FlateDecode streams that are not images), bounded before pdf.js reads
 * it (2243). pdf.js reads dense page content at about 0.65 s per MB, so one stream of 8 MB is at most
 * some 5 s of a worker (a real page's content is tens of KB); a font program, which pdf.js parses rather
 * than draws, may be a fully embedded CJK font (10 to 20 MB); 64 MB in all is 500 pages at 100 KB each
 * with their fonts, and still inside the worker's 60 s time limit.
 */
export const PDF_STREAM_MAX_INFLATED_BYTES = 8 * MB;
export const PDF_FONT_STREAM_MAX_INFLATED_BYTES = 32 * MB;
export const PDF_TOTAL_MAX_INFLATED_BYTES = 64 * MB;
export const PDF_FILES_PER_SELECTION = 50;

// Agents and chat
export const NEXT_QUESTION_SUGGESTIONS = 3;
export const DISLIKE_REASONS = [
  'not_good_enough',
  'irrelevant',
  'inaccurate',
  'misinformation',
  'misleading_values',
  'bias',
  'violates_rights',
  'other',
] as const;

// Projects and documents
export const PROJECT_NAME_MAX = 50;
export const EDITOR_HEADING_LEVEL_MAX = 9;
export const TRANSLATION_TARGETS = ['zh', 'en', 'ja', 'ko', 'fr', 'de'] as const;
export const REWRITE_MODES = ['beautify', 'simplify', 'expand', 'popularize'] as const;

// Subscription and billing
export const PLAN_IDS = { free: 1, yearlyOnly: 2, standard: 3, pro: 4 } as const;
export const PERIOD_TYPES = { monthly: 1, yearly: 2 } as const;
export const DEFAULT_PERIOD_TYPE = PERIOD_TYPES.yearly;
export const UPGRADE_BUTTON_BELOW_PLAN_ID = 4;
export const ORDER_POLL_INTERVAL_MS = SECOND;
export const ORDER_POLL_MAX_TRIES = 10;
export const PAYMENT_SUCCESS_RELOAD_MS = 5 * SECOND;
export const BILL_PAGE_SIZES = [5, 10] as const;
export const BILL_DEFAULT_PAGE_SIZE = 10;
export const CURRENCIES = ['USD', 'JPY', 'CNY'] as const;
export const CANCEL_REASONS = ['price', 'features', 'alternative', 'other'] as const;

/** How long an invitation code works before it must be renewed (not given by the spec). */
export const INVITE_CODE_LIFETIME_DAYS = 7;
/** Invitation codes one IP address may look up in a minute, as many as shared conversations it may read. */
export const INVITE_LOOKUPS_PER_MINUTE = 60;
/**
 * Invitations by mail or SMS carry a team name of the sender's choosing, so they are bounded (not given by
 * the spec): addresses per call, and addresses a sender (over all their teams) and a team (over all its
 * members) may invite per hour and per day. A real team inviting its colleagues stays well inside them.
 */
export const INVITE_ADDRESSES_PER_CALL = 20;
export const INVITES_PER_SENDER_PER_HOUR = 40;
export const INVITES_PER_SENDER_PER_DAY = 100;
export const INVITES_PER_TEAM_PER_HOUR = 60;
export const INVITES_PER_TEAM_PER_DAY = 200;

// Agents
export const AGENT_NAME_MAX = 50;
export const AGENT_DESCRIPTION_MAX = 500;
export const AGENT_PROMPT_MAX = 20_000;
export const AGENT_FIRST_QUESTION_MAX = 500;
export const AGENT_GREETING_MAX = 1000;
export const AGENT_KNOWLEDGE_MAX = 20;
export const AGENT_EMBED_ORIGINS_MAX = 20;
/** Messages of a debug conversation sent at once (the side panel keeps the rest). */
export const AGENT_DEBUG_MESSAGES_MAX = 50;
export const AGENT_DEBUG_MESSAGE_MAX = 8000;
