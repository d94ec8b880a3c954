import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Whatsapp } from '../../db/models/index.js';
import { AppError, forbidden } from '../../http/errors.js';

/** Requests per minute per connection token (the family's limit). */
export const EXTERNAL_RATE = { max: 100, timeWindow: 60_000 };

export const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** Route config shared by the external API's routes: no user session, rate-limited per token. */
export const externalRouteConfig = {
  public: true,
  rateLimit: { ...EXTERNAL_RATE, keyGenerator: (req: FastifyRequest) => bearerOf(req) ?? req.ip },
} as const;

/** The connection the token belongs to, for a company whose plan has the external API. */
export async function connectionOf(app: FastifyInstance, request: FastifyRequest): Promise<Whatsapp> {
  const token = bearerOf(request);
  const whatsapp = token ? await Whatsapp.unscoped('the external API authenticates by connection token').findOne({ token }) : undefined;
  if (!whatsapp) throw new AppError('ERR_INVALID_API_TOKEN', 401, 'Unknown or missing connection token');
  if (!(await app.tenancy.hasFlag(whatsapp.companyId, 'useExternalApi'))) throw forbidden('ERR_PLAN_FEATURE_DISABLED', 'This company\'s plan does not include the external API');
  return whatsapp;
}
