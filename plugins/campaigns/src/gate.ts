import type { AtriumSdk } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';

/**
 * The company setting `campaignsEnabled` (core §3; the super user's switch, mirrored on the company row) turns the
 * whole feature off: every route of this plugin answers 403 ERR_NO_PERMISSION, beside the plan's useCampaigns
 * (checked by the core first). The console hides the screens through `cshow`; this is the server's side of it.
 */
export function registerGate(app: FastifyInstance, sdk: AtriumSdk) {
  app.addHook('preHandler', async (request) => {
    if (!(await sdk.tenancy.settings.isEnabled(request.user.companyId, 'campaignsEnabled'))) {
      throw sdk.errors.forbidden('ERR_NO_PERMISSION', 'Campaigns are disabled for this company');
    }
  });
}
