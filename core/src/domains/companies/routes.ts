import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Company, Whatsapp } from '../../db/models/index.js';
import { toDbTime } from '../../db/time.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from '../../http/schemas.js';
import { addDays } from '../../util/dates.js';
import { PlanReply } from '../plans/schemas.js';
import { planJson } from '../plans/routes.js';
import { likeAnywhere } from '../../db/like.js';
import {
  CompanyCreateBody, CompanyReply, CompanyUpdateBody, SchedulesBody, SignupBody, WEEKDAYS_EN, companyJson, normalizeDueDate,
} from './schemas.js';
import { assertPlanExists, checkPhone, createCompany } from './service.js';
import { billCompanyNow } from '../billing/generation.js';
import { signupAllowed } from '../branding/service.js';
import { openingHours } from './opening-hours.js';
import { SettingReply, settingsShown } from '../settings/shown.js';

const TRIAL_DAYS = 3;

const CompanyListRow = Type.Composite([CompanyReply, Type.Object({ settings: Type.Array(SettingReply) })]);

const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['companies'];
  const superOnly = { preHandler: app.requireSuper };
  const findCompany = async (id: number) => {
    const company = await Company.query().findById(id).withGraphFetched('plan');
    if (!company) throw notFound('ERR_NO_COMPANY_FOUND', 'Company not found');
    return company;
  };
  const emit = (company: Company, action: string) =>
    app.bus.emit(company.id, 'company', { action, company: companyJson(company) });

  // Public sign-up: a trial company and its admin. The server sets the trial terms, not the form.
  app.post('/companies/cadastro', {
    config: {
      public: true,
      rateLimit: { max: app.config.loginRateLimit.max, timeWindow: app.config.loginRateLimit.windowMs },
    },
    schema: { tags, body: SignupBody, response: { 200: CompanyReply } },
  }, async (request) => {
    // The operator may close sign-up (branding setting allowSignup); the console then hides the link too.
    if (!(await signupAllowed(app))) throw forbidden('ERR_SIGNUP_DISABLED', 'Sign-up is closed: ask the platform operator for an account');
    const body = request.body;
    const trialEnd = addDays(new Date(), TRIAL_DAYS);
    const company = await createCompany(app, {
      name: body.name, email: body.email, phone: body.phone, planId: body.planId,
      status: true, campaignsEnabled: true, recurrence: 'MENSAL',
      dueDate: trialEnd.toISOString().slice(0, 10), trialExpiration: toDbTime(trialEnd),
    }, { name: body.name.trim(), password: body.password });
    return companyJson(await findCompany(company.id));
  });

  // The plan and its flags: the caller's own company, any for the super user.
  app.get('/companies/listPlan/:companyId', {
    schema: { tags, params: Type.Object({ companyId: IdParams.properties.id }), response: { 200: PlanReply } },
  }, async (request) => {
    const { companyId } = request.params;
    if (companyId !== request.user.companyId && !request.user.super) throw notFound('ERR_NO_COMPANY_FOUND', 'Company not found');
    const company = await findCompany(companyId);
    if (!company.plan) throw notFound('ERR_NO_PLAN_FOUND', 'The company has no plan');
    return planJson(company.plan);
  });

  app.get('/companies', { ...superOnly, schema: { tags, querystring: PagingQuery, response: { 200: pageOf('companies', CompanyReply) } } }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = Company.query().withGraphFetched('plan').orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim());
      query.where((q) => q.whereRaw('companies.name like ? escape ?', [like, '\\']).orWhereRaw('companies.email like ? escape ?', [like, '\\']));
    }
    const { items, hasMore } = pageResult(await query);
    return { companies: items.map(companyJson), hasMore };
  });

  // Each row with its settings (the family's companies screen reads them there), shown as GET /settings shows them.
  const shownSettings = settingsShown(app.atrium.secrets);
  app.get('/companies/list', { ...superOnly, schema: { tags, response: { 200: Type.Array(CompanyListRow) } } }, async () => {
    const companies = await Company.query().withGraphFetched('plan').orderBy('name').orderBy('id');
    return Promise.all(companies.map(async (c) => ({ ...companyJson(c), settings: shownSettings.list(await app.tenancy.settings.all(c.id)) })));
  });

  app.get('/companies/:id', { ...superOnly, schema: { tags, params: IdParams, response: { 200: CompanyReply } } },
    async (request) => companyJson(await findCompany(request.params.id)));

  app.post('/companies', { ...superOnly, schema: { tags, body: CompanyCreateBody, response: { 200: CompanyReply } } }, async (request) => {
    const { password, ...body } = request.body;
    const company = await createCompany(app, {
      ...body,
      status: body.status ?? true,
      campaignsEnabled: body.campaignsEnabled ?? false,
      dueDate: normalizeDueDate(body.dueDate),
      recurrence: body.recurrence ?? 'MENSAL',
    }, password ? { name: body.name.trim(), password } : undefined);
    return companyJson(await findCompany(company.id));
  });

  app.put('/companies/:id', {
    ...superOnly,
    schema: { tags, params: IdParams, body: CompanyUpdateBody, response: { 200: CompanyReply } },
  }, async (request) => {
    const company = await findCompany(request.params.id);
    const body = request.body;
    const patch: Partial<Company> = { ...body } as Partial<Company>;
    if (body.name !== undefined) patch.name = body.name.trim();
    if (body.email !== undefined) patch.email = body.email.trim().toLowerCase();
    if (body.phone !== undefined) patch.phone = checkPhone(body.phone);
    if (body.dueDate !== undefined) patch.dueDate = normalizeDueDate(body.dueDate);
    if (body.planId !== undefined) await assertPlanExists(body.planId);
    await company.$query().patch(patch);
    if (body.campaignsEnabled !== undefined) await app.tenancy.settings.set(company.id, 'campaignsEnabled', body.campaignsEnabled ? 'true' : 'false');
    // A new plan or due date applies to the company's next request.
    app.tenancy.invalidate(company.id);
    // A due date, plan, recurrence or status that brings the due date into the window bills it now.
    await billCompanyNow(app, company.id);
    const updated = await findCompany(company.id);
    emit(updated, 'update');
    return companyJson(updated);
  });

  app.delete('/companies/:id', { ...superOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const company = await findCompany(request.params.id);
    if (company.id === request.user.companyId) throw forbidden('ERR_NO_PERMISSION', 'The super user\'s own company cannot be deleted');
    // Its sessions first, unpaired: a running provider would go on storing messages of a company that is gone.
    for (const { id } of await Whatsapp.scoped(company.id).select('id')) {
      await app.sessions.stop(id, { logout: true }).catch((err) => request.log.warn({ err, whatsappId: id }, 'session not stopped before the company was deleted'));
    }
    // Every tenant table cascades on companyId.
    await Company.query().deleteById(company.id);
    app.tenancy.invalidate(company.id);
    app.bus.emit(company.id, 'company', { action: 'delete', companyId: company.id });
    return { message: 'company deleted' };
  });

  // Opening hours: the company's admin, or the super user for any company.
  app.put('/companies/:id/schedules', {
    schema: { tags, params: IdParams, body: SchedulesBody, response: { 200: CompanyReply } },
  }, async (request) => {
    const { id } = request.params;
    if (id !== request.user.companyId && !request.user.super) throw notFound('ERR_NO_COMPANY_FOUND', 'Company not found');
    if (request.user.profile !== 'admin' && !request.user.super) throw forbidden('ERR_NO_PERMISSION', 'Only an admin may change opening hours');
    const schedules = openingHours(request.body.schedules);
    const company = await findCompany(id);
    // `{}` (no hours given) keeps the stored ones; hours given name every weekday once.
    if (schedules) {
      const days = new Set(schedules.map((s) => s.weekdayEn));
      if (schedules.length !== 7 || days.size !== 7 || ![...days].every((d) => (WEEKDAYS_EN as readonly string[]).includes(d))) {
        throw badRequest('ERR_VALIDATION', 'One entry per weekday is required', { field: 'body/schedules' });
      }
      await company.$query().patch({ schedules } as Partial<Company>);
    }
    const updated = await findCompany(id);
    emit(updated, 'update');
    return companyJson(updated);
  });
};

export default companiesRoutes;
