import type { ComponentType } from 'react';
import type { PlanFlag } from '../session/types';

/**
 * One console screen, declared in `src/pages/<name>/screen.ts` (default export) and discovered at build
 * time: adding a screen needs no edit elsewhere. `load` must be a dynamic import so the screen is its own chunk.
 */
export interface ScreenDef {
  /** Route path(s), e.g. '/contacts' or ['/tickets', '/tickets/:ticketId']. */
  path: string | string[];
  load: () => Promise<{ default: ComponentType }>;
  /** public: only for guests (/login …); private: login required (default). */
  access?: 'public' | 'private';
  /** admin: admins and super users; super: super users only. Others are sent to /tickets. */
  role?: 'admin' | 'super';
  /** The plan flag the company needs (the menu entry is hidden and the route refused without it). */
  planFlag?: PlanFlag;
  /** Side-menu entry. Order (spec order): dashboard 10, tickets 20, kanban 30, quick messages 40, to-do 50,
   * contacts 60, schedules 70, tags 80, chats 90, helps 100, campaigns 110, announcements 120, prompts 130,
   * integrations 140, connections 150, files 160, queues 170, users 180, messages API 190, financeiro 200, settings 210.
   * `role` hides the entry only (for a screen that refuses others itself, e.g. announcements). */
  menu?: { labelKey: string; icon: string; order: number; path?: string; role?: 'admin' | 'super' };
}
