import { screens } from '../screens/registry';
import { hasPlanFlag, isAdmin, isSuper } from '../session/permissions';
import type { SessionUser } from '../session/types';
import type { PluginInfo } from '../remotes/types';
import { cshowAllows } from '../session/cshow';

/** `plugin`: the id of the plugin whose remote added the entry (its `sideMenu.badge` slot renders after the label). */
export interface MenuEntry { key: string; labelKey: string; icon: string; path: string; order: number; plugin?: string }

/** Core screens' menu entries plus the plugins' (already plan-filtered by the server), gated by role, plan and the `cshow` flag, in spec order. */
export function buildMenu(user: SessionUser | null, plugins: PluginInfo[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const s of screens) {
    if (!s.menu || s.access === 'public') continue;
    const role = s.role ?? s.menu.role;
    if (role === 'admin' && !isAdmin(user)) continue;
    if (role === 'super' && !isSuper(user)) continue;
    if (s.planFlag && !hasPlanFlag(user, s.planFlag)) continue;
    const path = s.menu.path ?? (Array.isArray(s.path) ? s.path[0] : s.path);
    if (!cshowAllows(path)) continue;
    entries.push({ key: path, labelKey: s.menu.labelKey, icon: s.menu.icon, path, order: s.menu.order });
  }
  for (const p of plugins) {
    for (const m of p.remote?.menu ?? []) {
      if (m.role === 'admin' && !isAdmin(user)) continue;
      if (m.role === 'super' && !isSuper(user)) continue;
      if (!cshowAllows(m.path)) continue;
      entries.push({ key: `${p.id}:${m.path}`, labelKey: m.labelKey, icon: m.icon ?? 'pi pi-box', path: m.path, order: m.order ?? 1000, plugin: p.id });
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}
