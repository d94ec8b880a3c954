import { TenantModel } from '../model.js';

/** One session's refresh tokens (migration 070): the current `generation` is the only one a refresh accepts. */
export class RefreshTokenFamily extends TenantModel {
  static tableName = 'refreshTokenFamilies';
  /** Sessions: logins and logouts are logged as such (audit/auth-events.ts), not as rows. */
  static audited = false;
  static dateColumns = ['rotatedAt'];

  userId!: number;
  generation!: number;
  rotatedAt?: string | null;
}
