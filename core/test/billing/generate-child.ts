/**
 * A second (and third) process for generation.test.ts: connects to the test database named in the environment,
 * waits for the shared start time, runs the invoice generator three times and prints how many it created.
 */
import { Model } from 'objection';
import type { FastifyInstance } from 'fastify';
import { createKnex } from '../../src/db/connection.js';
import { generateInvoices } from '../../src/domains/billing/generation.js';

const knex = createKnex(JSON.parse(process.env.BILLING_CHILD_DB!));
Model.knex(knex);
const app = { bus: { emit() {} } } as unknown as FastifyInstance;
await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.BILLING_CHILD_START) - Date.now())));
let created = 0;
for (let i = 0; i < 3; i++) created += (await generateInvoices(app)).length;
process.stdout.write(String(created));
await knex.destroy();
