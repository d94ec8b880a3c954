import { toast } from '../toast/toast';

/**
 * The server's warnings about a request that succeeded (core/src/http/warnings.ts): an `Atrium-Warning` header,
 * `CODE; field="body/x"` items separated by commas. Each code is shown once as a warning toast, after the
 * success toast of the form that saved.
 */
export function parseWarningCodes(header: string | null): string[] {
  if (!header) return [];
  return [...new Set(header.split(/,\s*/).map((item) => item.split(';')[0].trim()).filter((code) => /^[A-Z_]+$/.test(code)))];
}

export function showWarnings(header: string | null) {
  for (const code of parseWarningCodes(header)) toast.warnCode(code);
}
