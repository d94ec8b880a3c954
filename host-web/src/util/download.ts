import { buildUrl, refreshToken, type Query } from '../api/client';
import { toApiError } from '../api/errors';
import { tokenStore } from '../session/token';

/** GETs a file with the session's token (one refresh on an expired token) and hands it to the browser as `filename`. */
export async function downloadFile(path: string, filename: string, query?: Query): Promise<void> {
  const get = () => fetch(buildUrl(path, query), { headers: { Authorization: `Bearer ${tokenStore.get() ?? ''}` }, credentials: 'include' });
  let res = await get();
  if (res.status === 403 && (await refreshToken())) res = await get();
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
