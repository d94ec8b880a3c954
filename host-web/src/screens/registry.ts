import type { ScreenDef } from './types';

/** Every `pages/<name>/screen.ts`, read eagerly (they are tiny); the screens themselves load lazily. */
const modules = import.meta.glob<{ default: ScreenDef }>('../pages/*/screen.ts', { eager: true });

export const screens: ScreenDef[] = Object.values(modules).map((m) => m.default);

export const pathsOf = (screen: ScreenDef) => (Array.isArray(screen.path) ? screen.path : [screen.path]);
