import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Company, Plan } from '../db/models/index.js';
import { AppError, forbidden } from '../http/errors.js';
import { SettingsService } from './settings.js';

export interface Tenancy {
  /** The company's plan, cached for a few seconds (`fresh`: read now, and cached again). */
  planOf(companyId: number, options?: { fresh?: boolean }): Promise<Plan | undefined>;
  hasFlag(companyId: number, flag: string, options?: { fresh?: boolean }): Promise<boolean>;
  /** preHandler: 403 ERR_PLAN_FEATURE_DISABLED when the caller's plan lacks the flag. */
  requirePlanFlag(flag: string): (request: FastifyRequest) => Promise<void>;
  /** Throws ERR_PLAN_LIMIT when adding one more row would pass the plan's limit. */
  assertWithinLimit(companyId: number, limit: 'users' | 'connections' | 'queues', current: number): Promise<void>;
  /** Forgets the cached plan and settings (of one company, or all) after a change; the `onChange` listeners hear it. */
  invalidate(companyId?: number): void;
  /** Called after each invalidate: a plan, a company's plan or its settings changed (parked plugin jobs resume). */
  onChange(listener: (companyId?: number) => void): void;
  settings: SettingsService;
}

declare module 'fastify' {
  interface FastifyInstance { tenancy: Tenancy }
}

export const tenancyPlugin = fp(async (app: FastifyInstance) => {
  const cache = new Map<number, { at: number; plan: Plan | undefined }>();
  const ttlMs = 5000;
  const listeners: Array<(companyId?: number) => void> = [];

  const tenancy: Tenancy = {
    settings: new SettingsService(),
    async planOf(companyId, options) {
      const hit = cache.get(companyId);
      if (hit && !options?.fresh && Date.now() - hit.at < ttlMs) return hit.plan;
      const company = await Company.query().findById(companyId).withGraphFetched('plan');
      const plan = company?.plan ?? undefined;
      cache.set(companyId, { at: Date.now(), plan });
      return plan;
    },
    async hasFlag(companyId, flag, options) {
      const plan = await tenancy.planOf(companyId, options);
      return plan ? plan.hasFlag(flag) : false;
    },
    requirePlanFlag(flag) {
      return async (request: FastifyRequest) => {
        const companyId = request.user?.companyId;
        if (!companyId || !(await tenancy.hasFlag(companyId, flag))) {
          throw forbidden('ERR_PLAN_FEATURE_DISABLED', `This company's plan does not include ${flag}`);
        }
      };
    },
    async assertWithinLimit(companyId, limit, current) {
      const plan = await tenancy.planOf(companyId);
      const max = plan?.[limit] ?? 0;
      // 0 means "no limit" for a plan that does not set one.
      if (max > 0 && current >= max) {
        throw new AppError('ERR_PLAN_LIMIT', 403, `The plan allows at most ${max} ${limit}`, { limit, max });
      }
    },
    invalidate(companyId) {
      if (companyId === undefined) cache.clear();
      else cache.delete(companyId);
      tenancy.settings.invalidate(companyId);
      for (const listener of listeners) listener(companyId);
    },
    onChange(listener) { listeners.push(listener); },
  };
  app.decorate('tenancy', tenancy);
}, { name: 'tenancy' });
