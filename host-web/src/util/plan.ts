import type { TFunction } from 'i18next';

/** A plan's limit as people read it: 0 means no limit (issue 32: "users: 0" read as none), so it says "unlimited". */
export const limitText = (t: TFunction, limit: number | null | undefined) => (limit && limit > 0 ? String(limit) : t('common.unlimited'));
