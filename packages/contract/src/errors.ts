/**
 * Every business error code, with the HTTP status it travels with and the i18n key of its message
 * (`error.<key>` in the locale files). Codes are stable: clients branch on them.
 */
export const ERRORS = {
  // General
  BAD_REQUEST: { code: 1001, status: 400, key: 'bad_request' },
  NOT_FOUND: { code: 1002, status: 404, key: 'not_found' },
  FORBIDDEN: { code: 1003, status: 403, key: 'no_permission' },
  RATE_LIMITED: { code: 1004, status: 429, key: 'rate_limited' },
  INTERNAL: { code: 1005, status: 500, key: 'backend_unknown' },
  SERVICE_STARTING: { code: 1006, status: 503, key: 'system_busy' },
  OPERATION_FAILED: { code: 1007, status: 400, key: 'operation_failed' },
  PAYLOAD_TOO_LARGE: { code: 1008, status: 413, key: 'payload_too_large' },
  /** The file store (disk or S3 bucket) failed; the cause is in the log. */
  STORAGE_UNAVAILABLE: { code: 1009, status: 503, key: 'storage_unavailable' },
  /** The health probe could not write (a full disk, a read-only database): `data` says what failed. */
  SERVICE_DEGRADED: { code: 1090, status: 503, key: 'service_degraded' },
  /** The request's body did not arrive in time (BODY_TIMEOUT_MS); the connection is closed. */
  BODY_TIMEOUT: { code: 1091, status: 408, key: 'body_timeout' },

  // Sign-in and session
  LOGIN_INVALID: { code: 1010, status: 401, key: 'login_invalid' },
  LOGIN_FAILED: { code: 1011, status: 400, key: 'login_failed' },
  PASSWORD_ERROR: { code: 1012, status: 400, key: 'password_error' },
  AUTHENTICATION_FAILED: { code: 1013, status: 400, key: 'authentication_failed' },
  VERIFICATION_FAILED: { code: 1014, status: 401, key: 'verification_failed' },
  ACCOUNT_LOCKED: { code: 1015, status: 429, key: 'account_locked' },
  NO_APP_PERMISSION: { code: 1016, status: 403, key: 'no_permission' },
  CODE_CHECK_FAILED: { code: 1020, status: 400, key: 'code_check_failed' },
  CODE_RESEND_WAIT: { code: 1021, status: 429, key: 'code_resend_wait' },
  CODE_HOURLY_CAP: { code: 1022, status: 429, key: 'code_hourly_cap' },
  /** The mail or SMS provider refused or failed; the code is withdrawn, so asking again is not held up. */
  CODE_NOT_SENT: { code: 1023, status: 400, key: 'code_not_sent' },
  RESET_TOKEN_INVALID: { code: 1030, status: 400, key: 'reset_token_invalid' },
  LOGGED_IN_ELSEWHERE: { code: 1040, status: 401, key: 'logged_in_elsewhere' },
  IDENTITY_CHANGED: { code: 1041, status: 409, key: 'identity_changed' },

  // Account
  ACCOUNT_EXISTS: { code: 1050, status: 409, key: 'account_exists' },
  ACCOUNT_NOT_FOUND: { code: 1051, status: 404, key: 'account_not_found' },
  EMAIL_REQUIRED: { code: 1060, status: 400, key: 'email_required' },
  EMAIL_INVALID: { code: 1061, status: 400, key: 'email_invalid' },
  EMAIL_DUPLICATE: { code: 1062, status: 409, key: 'email_duplicate' },
  PHONE_DUPLICATE: { code: 1063, status: 409, key: 'phone_duplicate' },
  DELETE_ACCOUNT_MISMATCH: { code: 1070, status: 400, key: 'delete_account_mismatch' },
  DELETE_ACCOUNT_UNVERIFIABLE: { code: 1071, status: 400, key: 'delete_account_unverifiable' },
  DELETE_ACCOUNT_OWNS_TEAM: { code: 1072, status: 409, key: 'delete_account_owns_team' },
  IMAGE_TYPE_ERROR: { code: 1080, status: 400, key: 'image_type_error' },
  UPLOAD_WRONG_TYPE: { code: 1081, status: 400, key: 'upload_wrong_type' },
  IMAGE_SIZE_EXCEEDED: { code: 1082, status: 413, key: 'image_size_exceeded' },
  /** A multipart body that cannot be read: no boundary, or cut off before its end. */
  UPLOAD_MALFORMED: { code: 1083, status: 400, key: 'upload_malformed' },

  // Teams
  NO_MANAGEMENT_PERMISSION: { code: 1100, status: 403, key: 'no_management_permission' },
  TEAM_TRANSFER_FIRST: { code: 1101, status: 409, key: 'team_transfer_first' },
  DEPARTMENT_HAS_CHILDREN: { code: 1102, status: 409, key: 'department_has_children' },
  INVITE_CODE_INVALID: { code: 1103, status: 400, key: 'invite_code_invalid' },
  PERSONAL_TEAM_NOT_ALLOWED: { code: 1104, status: 409, key: 'personal_team_not_allowed' },
  DEPARTMENT_CYCLE: { code: 1105, status: 409, key: 'department_cycle' },
  DEPARTMENT_MOVE_BLOCKED: { code: 1106, status: 409, key: 'department_move_blocked' },
  OWNER_CANNOT_BE_REMOVED: { code: 1107, status: 409, key: 'owner_cannot_be_removed' },
  NOT_A_MEMBER: { code: 1108, status: 404, key: 'not_a_member' },
  OWNER_ROLE_FIXED: { code: 1109, status: 409, key: 'owner_role_fixed' },
  INVITATION_NOT_SENT: { code: 1110, status: 400, key: 'invitation_not_sent' },
  /** A setup link (`/setup?token=…`) that does not exist or was used already. */
  SETUP_LINK_INVALID: { code: 1111, status: 404, key: 'setup_link_invalid' },

  // Chat
  QUOTA_EXCEEDED: { code: 2001, status: 402, key: 'quota_exceeded' },
  CONTENT_VIOLATION: { code: 2002, status: 400, key: 'content_violation' },
  INPUT_TOO_LONG: { code: 2003, status: 400, key: 'input_too_long' },
  POINTS_NOT_ENOUGH: { code: 2004, status: 402, key: 'points_not_enough' },
  SYSTEM_BUSY: { code: 2005, status: 503, key: 'system_busy' },
  ANSWER_TIMEOUT: { code: 2006, status: 504, key: 'answer_timeout' },
  MODEL_UNAVAILABLE: { code: 2007, status: 409, key: 'model_unavailable' },
  // The editor's AI actions: no usable writing model (none chosen and no completion model at all).
  WRITING_MODEL_UNAVAILABLE: { code: 2055, status: 409, key: 'writing_model_unavailable' },
  AGENT_DELETED: { code: 2008, status: 410, key: 'agent_deleted' },
  AGENT_OFF_SHELF: { code: 2009, status: 409, key: 'agent_off_shelf' },
  CONVERSATION_NOT_FOUND: { code: 2010, status: 404, key: 'conversation_not_found' },
  REPLY_IN_PROGRESS: { code: 2011, status: 409, key: 'reply_in_progress' },
  // A reply the moderation refused after it was generated: its text is removed, its points given back.
  MESSAGE_WITHDRAWN: { code: 2018, status: 400, key: 'message_withdrawn' },
  // A reasoning model failed while it was still thinking, before any answer.
  THINKING_ERROR: { code: 2019, status: 502, key: 'thinking_error' },
  // Message feedback and the agent's analysis and feedback pages
  MESSAGE_NOT_FOUND: { code: 2012, status: 404, key: 'message_not_found' },
  MESSAGE_NOT_RATABLE: { code: 2013, status: 409, key: 'message_not_ratable' },
  FEEDBACK_REASON_REQUIRED: { code: 2014, status: 400, key: 'feedback_reason_required' },
  FEEDBACK_COMMENT_REQUIRED: { code: 2015, status: 400, key: 'feedback_comment_required' },
  ANALYSIS_RANGE_INVALID: { code: 2016, status: 400, key: 'analysis_range_invalid' },
  TIME_ZONE_INVALID: { code: 2017, status: 400, key: 'time_zone_invalid' },
  // Shared conversations and PDF export
  SHARE_NOT_FOUND: { code: 2020, status: 404, key: 'share_not_found' },
  SHARE_NOTHING_YET: { code: 2021, status: 409, key: 'share_nothing_yet' },
  SHARE_LIMIT_REACHED: { code: 2022, status: 409, key: 'share_limit_reached' },
  // Not 403: the shared page explains it in place instead of the client's no-permission page.
  SHARE_AGENT_UNAVAILABLE: { code: 2023, status: 409, key: 'share_agent_unavailable' },
  AGENT_LIST_FULL: { code: 2024, status: 409, key: 'agent_list_full' },
  // Images in chat messages
  IMAGES_NOT_SUPPORTED: { code: 2040, status: 400, key: 'images_not_supported' },
  ATTACHMENT_NOT_FOUND: { code: 2041, status: 400, key: 'attachment_not_found' },
  IMAGE_ADDRESS_REFUSED: { code: 2042, status: 400, key: 'image_address_refused' },
  IMAGE_UNAVAILABLE: { code: 2043, status: 502, key: 'image_unavailable' },
  // Web pages built through chat
  SITE_VERSION_NOT_FOUND: { code: 2060, status: 404, key: 'site_version_not_found' },
  /** The spec's "Web build error": the version failed to build and cannot be previewed. */
  SITE_BUILD_FAILED: { code: 2061, status: 409, key: 'site_build_failed' },
  /** Only a failed version can be sent to the agent to fix. */
  SITE_NOTHING_TO_FIX: { code: 2062, status: 409, key: 'site_nothing_to_fix' },
  /** Only a version that built (`ready`) can be shared. */
  SITE_VERSION_NOT_READY: { code: 2063, status: 409, key: 'site_version_not_ready' },
  /** An image for a site is larger than the spec's web-element limit (3.5 MB). */
  SITE_IMAGE_TOO_LARGE: { code: 2064, status: 413, key: 'site_image_too_large' },
  /** An image for a site must be PNG, JPEG, GIF or WebP, told by its bytes (never SVG). */
  SITE_IMAGE_WRONG_TYPE: { code: 2065, status: 400, key: 'site_image_wrong_type' },
  /** A conversation's site holds SITE_IMAGES_MAX images at most. */
  SITE_IMAGES_FULL: { code: 2066, status: 409, key: 'site_images_full' },
  SITE_IMAGE_NOT_FOUND: { code: 2067, status: 404, key: 'site_image_not_found' },

  // First run: the default assistant, its model picker, and the setup link.
  /** No usable model on the platform yet: the chat says how a platform admin connects one. */
  NO_MODEL_CONNECTED: { code: 2070, status: 409, key: 'no_model_connected' },
  /** The team's default assistant cannot be deleted, unpublished or taken off the shelf. */
  DEFAULT_AGENT_FIXED: { code: 2071, status: 409, key: 'default_agent_fixed' },
  /** A model chosen in chat (`model_id`) is for the default assistant only. */
  MODEL_CHOICE_NOT_ALLOWED: { code: 2072, status: 400, key: 'model_choice_not_allowed' },

  // Model providers and models (the platform admin's screen)
  MODEL_PROVIDER_NOT_FOUND: { code: 2050, status: 404, key: 'model_provider_not_found' },
  MODEL_NOT_FOUND: { code: 2051, status: 404, key: 'model_not_found' },
  MODEL_KEY_DUPLICATE: { code: 2052, status: 409, key: 'model_key_duplicate' },
  MODEL_PROVIDER_KEY_REQUIRED: { code: 2053, status: 400, key: 'model_provider_key_required' },
  MODEL_TEST_NEEDS_MODEL: { code: 2054, status: 400, key: 'model_test_needs_model' },

  // Agents
  FORM_INCOMPLETE: { code: 2101, status: 400, key: 'form_incomplete' },
  AGENT_SAVE_FAILED: { code: 2102, status: 400, key: 'agent_save_failed' },
  AGENT_NOT_FOUND: { code: 2103, status: 404, key: 'agent_not_found' },
  AGENT_NAME_REQUIRED: { code: 2104, status: 400, key: 'agent_name_required' },
  AGENT_AVATAR_REQUIRED: { code: 2105, status: 400, key: 'agent_avatar_required' },
  AGENT_DESCRIPTION_REQUIRED: { code: 2106, status: 400, key: 'agent_description_required' },
  AGENT_PROMPT_REQUIRED: { code: 2107, status: 400, key: 'agent_prompt_required' },
  AGENT_FIRST_QUESTION_REQUIRED: { code: 2108, status: 400, key: 'agent_first_question_required' },
  AGENT_MODEL_REQUIRED: { code: 2109, status: 400, key: 'agent_model_required' },
  AGENT_STATUS_CONFLICT: { code: 2110, status: 409, key: 'agent_status_conflict' },
  AGENT_DISABLED: { code: 2111, status: 409, key: 'agent_disabled' },
  AGENT_MEMBER_NOT_IN_TEAM: { code: 2112, status: 400, key: 'agent_member_not_in_team' },
  AGENT_OWNER_NOT_MEMBER: { code: 2113, status: 409, key: 'agent_owner_not_member' },
  AGENT_MEMBER_NOT_FOUND: { code: 2114, status: 404, key: 'agent_member_not_found' },
  AGENT_TEMPLATE_NOT_FOUND: { code: 2115, status: 404, key: 'agent_template_not_found' },
  AGENT_ALREADY_OWNER: { code: 2116, status: 409, key: 'agent_already_owner' },
  AGENT_NEW_OWNER_NOT_IN_TEAM: { code: 2117, status: 400, key: 'agent_new_owner_not_in_team' },
  AGENT_OWNER_CHANGED: { code: 2118, status: 409, key: 'agent_owner_changed' },

  // Projects and documents
  DOCUMENT_NOT_FOUND: { code: 2201, status: 404, key: 'document_not_found' },
  DOCUMENT_NO_PERMISSION: { code: 2202, status: 403, key: 'document_no_permission' },
  PROJECT_DELETED: { code: 2203, status: 410, key: 'project_deleted' },
  DOCUMENT_DELETED: { code: 2204, status: 410, key: 'document_deleted' },
  PROJECT_NAME_MISMATCH: { code: 2205, status: 400, key: 'project_name_mismatch' },
  /** A move whose target parent is one of the moved items or inside one of them. */
  DOCUMENT_MOVE_INTO_ITSELF: { code: 2206, status: 400, key: 'document_move_into_itself' },
  /** No such project, or the caller may not see it (outsiders learn nothing of it). */
  PROJECT_NOT_FOUND: { code: 2207, status: 404, key: 'project_not_found' },
  /** Documents live only in groups (or at the root). */
  DOCUMENT_PARENT_NOT_GROUP: { code: 2208, status: 400, key: 'document_parent_not_group' },
  /** A project member must be a member of the project's team. */
  PROJECT_MEMBER_NOT_IN_TEAM: { code: 2209, status: 400, key: 'project_member_not_in_team' },
  DOCUMENT_IMPORT_UNSUPPORTED: { code: 2220, status: 400, key: 'document_import_unsupported' },
  DOCUMENT_IMPORT_TOO_LARGE: { code: 2221, status: 413, key: 'document_import_too_large' },
  DOCUMENT_IMPORT_UNREADABLE: { code: 2222, status: 400, key: 'document_import_unreadable' },
  /** A save, import or websocket update would take the document past `DOCUMENT_MAX_BYTES`; nothing is kept. */
  DOCUMENT_TOO_LARGE: { code: 2240, status: 413, key: 'document_too_large' },
  /** Converting or reading a file or document needed more memory than one worker may take (WORKER_MEMORY_MB). */
  DOCUMENT_WORK_OUT_OF_MEMORY: { code: 2241, status: 413, key: 'document_work_out_of_memory' },
  /** Converting or reading a file or document took longer than one task may (WORKER_TASK_TIMEOUT_MS). */
  DOCUMENT_WORK_TIMEOUT: { code: 2242, status: 413, key: 'document_work_timeout' },
  /** A PDF's text (or its decompressed content) is larger than a PDF may hold. */
  PDF_CONTENT_TOO_LARGE: { code: 2243, status: 413, key: 'pdf_content_too_large' },
  /** PDF uploads: the bytes are not a PDF, whatever the file's name says. */
  PDF_WRONG_TYPE: { code: 2230, status: 400, key: 'pdf_wrong_type' },
  PDF_TOO_LARGE: { code: 2231, status: 413, key: 'pdf_too_large' },
  /** No page has a text layer (a scan): there would be nothing to search or cite. */
  PDF_SCANNED: { code: 2232, status: 400, key: 'pdf_scanned' },
  /** pdf.js cannot open it: damaged, encrypted with a password, or past `PDF_PAGES_MAX` pages. */
  PDF_UNREADABLE: { code: 2233, status: 400, key: 'pdf_unreadable' },
  /** A websocket update holds what the editor never writes (an unknown element or mark): refused, nothing kept. */
  DOCUMENT_CONTENT_INVALID: { code: 2250, status: 400, key: 'document_content_invalid' },
  /** An open document's access was taken away (removed, signed out): its connection closed. */
  DOCUMENT_ACCESS_REVOKED: { code: 2251, status: 403, key: 'document_access_revoked' },
  /** A share link turned off (or replaced by a new one): its visitors read nothing more. */
  SHARE_LINK_OFF: { code: 2252, status: 403, key: 'share_link_off' },

  // Subscription and payment
  PLAN_ID_MISSING: { code: 2301, status: 400, key: 'plan_id_missing' },
  PAYMENT_SESSION_FAILED: { code: 2302, status: 502, key: 'payment_session_failed' },
  ORDER_NOT_FOUND: { code: 2303, status: 404, key: 'order_not_found' },
  PAYMENT_ERROR: { code: 2304, status: 502, key: 'payment_error' },
  PAYMENT_CONFIG_FAILED: { code: 2305, status: 503, key: 'payment_config_failed' },
  SETUP_INTENT_FAILED: { code: 2306, status: 400, key: 'setup_intent_failed' },
  PAYMENT_METHOD_UPDATE_FAILED: { code: 2307, status: 400, key: 'payment_method_update_failed' },
  SUBSCRIPTION_CLOSE_FAILED: { code: 2308, status: 409, key: 'subscription_close_failed' },
  CARD_NUMBER_INVALID: { code: 2309, status: 400, key: 'card_number_invalid' },
  CARD_EXPIRY_INVALID: { code: 2310, status: 400, key: 'card_expiry_invalid' },
  CARD_CVC_INVALID: { code: 2311, status: 400, key: 'card_cvc_invalid' },
  CARDHOLDER_NAME_REQUIRED: { code: 2312, status: 400, key: 'cardholder_name_required' },
  CARD_DECLINED: { code: 2313, status: 402, key: 'card_declined' },
  /** The checkout session is unknown, paid already, or expired. */
  CHECKOUT_SESSION_CLOSED: { code: 2314, status: 409, key: 'checkout_session_closed' },
  /** A plan the team is on already, or the free plan: nothing to buy. */
  PLAN_NOT_PURCHASABLE: { code: 2315, status: 409, key: 'plan_not_purchasable' },
  CANCEL_REASON_INVALID: { code: 2316, status: 400, key: 'cancel_reason_invalid' },
  /** The team's documents would pass its plan's storage quota. */
  STORAGE_QUOTA_EXCEEDED: { code: 2317, status: 402, key: 'storage_quota_exceeded' },
  /** The team has as many members as its plan allows. */
  MEMBER_LIMIT_REACHED: { code: 2318, status: 409, key: 'member_limit_reached' },
  WEBHOOK_SIGNATURE_INVALID: { code: 2319, status: 400, key: 'webhook_signature_invalid' },
  /** Only the team's owner buys, cancels and changes the card. */
  BILLING_OWNER_ONLY: { code: 2320, status: 403, key: 'billing_owner_only' },
} as const satisfies Record<string, { code: number; status: number; key: string }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorKey = (typeof ERRORS)[ErrorName]['key'];

const byCode = new Map<number, (typeof ERRORS)[ErrorName]>(
  Object.values(ERRORS).map((entry) => [entry.code, entry]),
);

export const errorByCode = (code: number) => byCode.get(code);

/**
 * The failing fields of a 400, in `data.fields`: path joined with dots, and a message key; `code`
 * when the field has an error of its own (publishing an agent names each missing field's code).
 */
export type FieldError = { field: string; message: string; code?: number };
