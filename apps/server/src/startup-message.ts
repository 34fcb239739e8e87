/** What `npm start` prints once the server answers: where it is, and the first step still missing. */
export function startupMessage(input: {
  address: string;
  databaseKind: string;
  /** Where uploads are kept: a folder or an S3 bucket. */
  files: string;
  hasModel: boolean;
  adminEmails: string[];
  /** The one-time setup link, while the installation has no platform admin. */
  setupUrl?: string;
}): string {
  const lines = [
    `Tandem is running at ${input.address}`,
    `database: ${input.databaseKind}`,
    `files: ${input.files}`,
  ];
  if (input.setupUrl) {
    lines.push(
      '',
      `No platform admin yet. Open this one-time link to become one${input.hasModel ? '' : ' and connect a model'}:`,
      `  ${input.setupUrl}`,
      '(it works until used; sign in or register first if asked).',
    );
  }
  if (!input.hasModel && !input.setupUrl) {
    const admin =
      input.adminEmails.length > 0
        ? `ADMIN_EMAILS names the platform admins (${input.adminEmails.join(', ')})`
        : 'make yourself a platform admin first: ADMIN_EMAILS=you@example.com, or npm run admin -- grant you@example.com once registered';
    lines.push(
      '',
      'No model is connected yet, so agents cannot answer.',
      `A platform admin connects a provider at ${input.address}/platform/models;`,
      `${admin}.`,
      'Or start with LLM_BASE_URL (and LLM_API_KEY, LLM_MODELS) to create one.',
    );
  }
  return `\n${lines.map((line) => (line ? `  ${line}` : '')).join('\n')}\n`;
}
