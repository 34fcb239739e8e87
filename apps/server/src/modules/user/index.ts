// The user module's face: its plugin (sign-up, sign-in, codes, the account, the first-admin set-up),
// the accounts and platform admins the CLI and start-up manage, and what a device is.
export { createAccount, findUserByAddress } from './accounts.ts';
export { deviceIdOf, deviceInfoOf } from './device-info.ts';
export {
  type AdminChange,
  applyAdminEmails,
  grantPlatformAdmin,
  listPlatformAdmins,
  revokePlatformAdmin,
  type SuperSource,
} from './platform-admins.ts';
export { userModule } from './plugin.ts';
export { assertAvatarImage } from './profile.ts';
export { issueSetupToken } from './setup-links.ts';
export { failuresOfUser } from './sign-in-failures.ts';
