export interface Announcement { id: number; title: string; text: string; priority: number; status: boolean; mediaPath?: string | null; mediaName?: string | null; createdAt?: string }

/** Priority 1 high (red), 2 medium (orange), 3 low (grey). */
export const PRIORITY_COLOURS: Record<number, string> = { 1: '#e53935', 2: '#fb8c00', 3: '#9e9e9e' };
