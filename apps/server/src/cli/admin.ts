// `npm run admin -- grant|revoke|list [email]`: platform admins, without the web app.
import { runAdminCommand } from './admin-command.ts';

const code = await runAdminCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
