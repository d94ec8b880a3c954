import { settingOf } from './permissions';
import type { SessionUser } from './types';

/**
 * The spec's `cshow` browser flag (core §2, ext §2/§6): the campaign and flow-builder screens (menu entries and routes)
 * exist only while it is set, besides their plan flag. It is written at login from the company's `campaignsEnabled`
 * setting, so a company that switched campaigns off hides them from its next login on.
 */
const KEY = 'cshow';
const GATED = ['/contact-lists', '/campaigns', '/campaign', '/campaigns-config', '/phrase-lists', '/flowbuilders', '/flowbuilder'];

export function rememberCampaignsFlag(user: SessionUser) {
  try {
    if (settingOf(user, 'campaignsEnabled') === 'true') localStorage.setItem(KEY, 'true');
    else localStorage.removeItem(KEY);
  } catch { /* storage unavailable: the screens stay hidden */ }
}

export function cshowSet(): boolean {
  try { return localStorage.getItem(KEY) !== null; } catch { return false; }
}

/** Whether a console path belongs to the screens the flag gates (e.g. /campaign/7/report, /flowbuilder/3). */
export const needsCshow = (path: string) => GATED.some((p) => path === p || path.startsWith(`${p}/`));

/** A path shows (menu) and routes (router) unless it is gated and the flag is not set. */
export const cshowAllows = (path: string) => !needsCshow(path) || cshowSet();
