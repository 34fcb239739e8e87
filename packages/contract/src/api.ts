/**
 * Every call's path, in a module without zod: screens that only need a path (the sign-in page above
 * all) import it from here and stay light.
 */

export const USER_API = {
  account: '/api/user/account',
  login: '/api/user/login',
  logout: '/api/user/logout',
  register: '/api/user/register',
  emailCode: '/api/user/get-sys-email-code',
  phoneCode: '/api/user/get-sys-phone-code',
  heartbeat: '/api/user/user-heartbeat',
  checkIdentity: '/api/user/check-identity',
} as const;

export const RESET_API = {
  resetPasswordByCode: '/api/user/reset-pwd-by-code',
  getResetToken: '/api/user/get-reset-token',
  resetPasswordByToken: '/api/user/reset-pwd-by-token',
  getResetEmailToken: '/api/user/get-reset-email-token',
  resetBindEmail: '/api/user/get-reset-bind-email',
  bindNewEmail: '/api/user/bind-new-email',
  getResetPhoneToken: '/api/user/get-reset-phone-token',
  resetBindPhone: '/api/user/get-reset-bind-phone',
  bindNewPhone: '/api/user/bind-new-phone',
} as const;

export const PROFILE_API = {
  updateBaseUserInfo: '/api/user/update-base-user-info',
  deleteUser: '/api/user/delete-user',
  preferenceConfigs: '/api/user/get-preference-configs',
  getPreference: '/api/user/get-user-preference',
  updatePreference: '/api/user/update-user-preference',
} as const;

export const DEVICE_API = {
  list: '/api/device/get-user-device',
  logout: '/api/device/logout-device',
  logoutAll: '/api/device/logout-all-device',
  signInFailures: '/api/device/get-sign-in-failures',
} as const;

export const UPLOAD_API = {
  image: '/api/upload/upload_img',
  base64Image: '/api/upload/upload_base64_img',
  file: '/api/upload/upload_file',
  files: '/api/upload/files',
} as const;

/** Where an uploaded file is served, by its id. */
export const uploadedFileUrl = (id: string) => `${UPLOAD_API.files}/${id}`;

export const OAUTH_API = {
  start: '/api/google/website-auth',
  callback: '/api/google/website-auth-info',
} as const;

export const TEAM_API = {
  userTeams: '/api/team/get-user-teams',
  currentTeam: '/api/team/get-curr-team-info',
  create: '/api/team/create-team',
  switchTeam: '/api/team/switch-team',
  switchIdentity: '/api/user/switch-curr-identity',
  inviteCode: '/api/team/get-invite-code',
  teamByCode: '/api/team/get-team-info-by-code',
  join: '/api/team/join-team',
  invite: '/api/team/invite-team',
  update: '/api/team/update-team',
  dissolve: '/api/team/del-team',
  leave: '/api/team/leave-team',
  applyStatusSet: '/api/team/apply-status-set',
  turnOver: '/api/team/turn-over',
  userList: '/api/team/user-list',
  setAdmin: '/api/team/set-admin',
  removeOutTeam: '/api/team/remove-out-team',
  leaveMemberList: '/api/team/leave-member-list',
  deleteLeaveMember: '/api/team/del-leave-member',
  restoreLeaveMember: '/api/team/restore-leave-member',
  applyList: '/api/team/apply-list',
  applyAudit: '/api/team/apply-audit',
  departmentList: '/api/team/department-list',
  createDepartment: '/api/team/create-department',
  saveDepartment: '/api/team/save-department',
  deleteDepartment: '/api/team/del-department',
  departmentSort: '/api/team/department-sort',
  batchSaveDepartment: '/api/team/batch-save-department',
  reSortDepartment: '/api/team/re-sort-department',
  departmentMemberList: '/api/team/department-member-list',
  changeMemberDepartment: '/api/team/change-member-department',
  currentVersion: '/api/team/curr-ver-packet-data',
  allVersions: '/api/team/all-ver-packet-data',
  industryTree: '/api/dict/get-tree-industry',
} as const;

export const REALTIME_API = {
  clientToken: '/api/socket/get-client-token',
  chatToken: '/api/socket/subscribe-chat-token',
  comChatToken: '/api/socket/subscribe-com-chat-token',
  comChatChannel: '/api/socket/get-com-chat-channel',
} as const;

/** Model providers and models: the platform operator's screen (`is_super`), and the wizard's picker. */
export const MODEL_API = {
  providerList: '/api/admin/model-provider-list',
  saveProvider: '/api/admin/save-model-provider',
  deleteProvider: '/api/admin/delete-model-provider',
  testProvider: '/api/admin/test-model-provider',
  modelList: '/api/admin/model-list',
  saveModel: '/api/admin/save-model',
  deleteModel: '/api/admin/delete-model',
  /** Enabled completion models with their points per request, for any signed-in user. */
  available: '/api/agent/get-model-list',
} as const;

/** First run: the one-time setup link and connecting a local model in a click. */
export const SETUP_API = {
  /** `?token`: whether a setup link still works (anyone may ask). */
  checkLink: '/api/setup/check-link',
  /** `{token}`, signed in: uses the link up and makes the caller a platform admin. */
  claimLink: '/api/setup/claim-link',
  /** Platform admin: OpenAI-compatible servers answering on 127.0.0.1 (Ollama, LM Studio, ...). */
  localServers: '/api/admin/local-model-servers',
  /** Platform admin: `{base_url, api_key?}` → the server's models (`GET /v1/models`). */
  probeServer: '/api/admin/probe-model-server',
  /** Platform admin: provider + model + platform default in one call. */
  connectModel: '/api/admin/connect-model',
} as const;

/** Agents: the calls the spec does not show are designed in its style. */
export const AGENT_API = {
  hubList: '/api/agent/get-agent-list',
  detail: '/api/agent/get-agent-info',
  templates: '/api/agent/get-agent-templates',
  create: '/api/agent/create-agent',
  update: '/api/agent/update-agent',
  publish: '/api/agent/publish-agent',
  unpublish: '/api/agent/unpublish-agent',
  offShelf: '/api/agent/off-shelf-agent',
  onShelf: '/api/agent/on-shelf-agent',
  delete: '/api/agent/delete-agent',
  setAccess: '/api/agent/set-agent-access',
  memberList: '/api/agent/get-agent-members',
  addMembers: '/api/agent/add-agent-members',
  updateMember: '/api/agent/update-agent-member',
  removeMember: '/api/agent/remove-agent-member',
  /** Members of the agent's team to choose from, for whoever manages the agent's members. */
  candidates: '/api/agent/get-agent-candidates',
  /** Hands the agent to another member of its team. */
  transfer: '/api/agent/transfer-agent',
  /** Streams a reply from the unsaved configuration (preview and debug side panel). */
  debugChat: '/api/agent/debug-chat',
  /** Asks the model to improve a prompt; the suggestion streams on a common agent channel. */
  optimizePrompt: '/api/agent/counselor-optimize',
  /** What a link, QR code or embed shows of a published agent, for visitors too. */
  publicInfo: '/api/agent/get-public-agent-info',
} as const;

export const PROJECT_API = {
  create: '/api/project/create-project',
  update: '/api/project/update-project',
  list: '/api/project/get-project-list',
  /** One project by `uniq_code`, with the caller's role; records the visit. */
  info: '/api/project/get-project-info',
  delete: '/api/project/delete-project',
  members: '/api/project/get-project-members',
  /** Adds, changes or (permission null) removes a project member. */
  setMember: '/api/project/set-project-member',
  /** Members of the project's team to choose from, for whoever manages the project's members. */
  candidates: '/api/project/get-project-candidates',
} as const;

export const KNOWLEDGE_API = {
  createDoc: '/api/knowledge/create-doc',
  tree: '/api/knowledge/get-doc-tree',
  moveDoc: '/api/knowledge/move-doc',
  renameDoc: '/api/knowledge/rename-doc',
  copyDoc: '/api/knowledge/copy-doc',
  deleteDoc: '/api/knowledge/delete-doc',
  getDoc: '/api/knowledge/get-doc',
  saveOnlineDoc: '/api/knowledge/save-online-doc',
  importDoc: '/api/knowledge/import-doc',
  /** `?id&format`; a group answers a zip of its documents. */
  exportDoc: '/api/knowledge/export-doc',
  /** `?ids=1,2,3&format`: a zip of a selection (batch download). */
  exportDocs: '/api/knowledge/export-docs',
  collabToken: '/api/knowledge/get-collab-token',
  /** Turns a document's read-only share link on (a new code) or off. */
  shareDoc: '/api/knowledge/share-doc',
  /** `?project_id&query&limit`: the project's documents best matching the query, with snippets. */
  search: '/api/knowledge/search',
} as const;

export const ATTACHMENT_API = {
  shareUrl: '/api/attachment/generate_share_url',
  /** `GET {shared}?token=…`: the file a share URL names, without sign-in, until the token expires. */
  shared: '/api/attachment/shared',
} as const;

/** The collaboration websocket (Hocuspocus protocol) on the server's own port. */
export const COLLABORATION_PATH = '/collaboration';
