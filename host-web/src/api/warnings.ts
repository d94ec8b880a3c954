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

/** The field each warning names (`field="body/x"`), by code. */
function fieldsOf(header: string): Map<string, string> {
  return new Map(header.split(/,\s*/).flatMap((item) => {
    const [code, ...params] = item.split(';').map((part) => part.trim());
    const field = params.map((p) => /^field="(.*)"$/.exec(p)?.[1]).find((f) => f !== undefined);
    return field === undefined ? [] : [[code, field] as [string, string]];
  }));
}

export function showWarnings(header: string | null) {
  const fields = header ? fieldsOf(header) : new Map<string, string>();
  // The header's values go with the code, so a text that names its field ({{field}}) shows it filled.
  for (const code of parseWarningCodes(header)) toast.warnCode(code, fields.has(code) ? { field: fields.get(code)! } : {});
}
