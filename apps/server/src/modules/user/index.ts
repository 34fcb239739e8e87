// The user module's face.
export { accountRoutes } from './account-routes.ts';
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
export { assertAvatarImage } from './profile.ts';
export { userRoutes } from './routes.ts';
export { issueSetupToken } from './setup-links.ts';
export { setupRoutes } from './setup-routes.ts';
export { failuresOfUser } from './sign-in-failures.ts';
