import type { Knex } from 'knex';

/**
 * A session's refresh tokens form one family (issue 26): a login starts a family, every refresh moves its
 * `generation` on by one and hands out the token of the new generation. A token of an older generation
 * presented again (outside the short grace of two tabs refreshing at once) is a stolen copy or a replay:
 * the family is ended. Deleted with its user or company.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('refreshTokenFamilies', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('generation').notNullable().defaultTo(0);
    t.string('rotatedAt', 24).nullable();
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    t.index(['companyId', 'userId']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('refreshTokenFamilies');
}
