import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES } from '@tandem/contract/project-rules';

export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');

/** Why a file cannot be imported as a document (Markdown, DOCX, TXT, HTML; 20 MB), or null. */
export function importProblem(file: { name: string; size: number }) {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return 'projects.import.wrong_type' as const;
  if (file.size > IMPORT_MAX_BYTES) return 'projects.import.too_large' as const;
  return null;
}
