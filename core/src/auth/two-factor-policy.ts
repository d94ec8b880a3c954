import type { FastifyInstance } from 'fastify';
import { operatorCompanyId } from '../domains/billing/config.js';

/** The setting an admin turns on to make every user of the company sign in with a second factor. */
export const REQUIRE_TWO_FACTOR = 'requireTwoFactor';
/** The super user's setting (kept with the operator's settings): every company's users sign in with a second factor. */
export const PLATFORM_REQUIRE_TWO_FACTOR = 'platformRequireTwoFactor';

/**
 * Whether the company's users must sign in with a second factor: their company requires it, or the platform
 * does for every company. Users without one are sent to enrolment at their next login.
 */
export async function twoFactorRequired(app: FastifyInstance, companyId: number): Promise<boolean> {
  if ((await app.tenancy.settings.get(companyId, REQUIRE_TWO_FACTOR)) === 'enabled') return true;
  const operator = await operatorCompanyId();
  return operator !== undefined && (await app.tenancy.settings.get(operator, PLATFORM_REQUIRE_TWO_FACTOR)) === 'enabled';
}
