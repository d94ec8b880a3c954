import { Model } from "objection";
import { createKnex } from "../../src/db/connection.js";
import { generateInvoices } from "../../src/domains/billing/generation.js";
const knex = createKnex(JSON.parse(process.env.BILLING_CHILD_DB));
Model.knex(knex);
const app = { bus: { emit() {
} } };
await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.BILLING_CHILD_START) - Date.now())));
let created = 0;
for (let i = 0; i < 3; i++) created += (await generateInvoices(app)).length;
process.stdout.write(String(created));
await knex.destroy();
