import type { Knex } from 'knex';

/**
 * The internal chat's tables. `chatUsers.unreads` is the member's own counter: it only ever moves by
 * an atomic `unreads = unreads + 1` (a new message) or a reset to 0 by that member (read).
 * Deleting a user drops their memberships (cascade); their messages stay with no sender.
 */
export const migrations = [
  {
    name: '001_chats',
    async up(knex: Knex) {
      await knex.schema.createTable('chats', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.string('uuid', 36).notNullable().unique();
        t.string('title', 255).notNullable();
        t.integer('ownerId').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
        t.text('lastMessage').nullable();
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        // The list: a company's chats by last activity.
        t.index(['companyId', 'updatedAt']);
      });
      await knex.schema.createTable('chatUsers', (t) => {
        t.increments('id');
        t.integer('chatId').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE');
        t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
        t.integer('unreads').notNullable().defaultTo(0);
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        t.unique(['chatId', 'userId']);
        // A user's chats (the list, the unread total).
        t.index(['userId', 'chatId']);
      });
      await knex.schema.createTable('chatMessages', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('chatId').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE');
        t.integer('senderId').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
        t.text('message').notNullable();
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        // A chat's messages, newest first.
        t.index(['chatId', 'id']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('chatMessages');
      await knex.schema.dropTableIfExists('chatUsers');
      await knex.schema.dropTableIfExists('chats');
    },
  },
  {
    // A file sent in the chat (issue 27: the family's client posts a message as multipart with a file): the storage
    // key of the caller's company, and its name and type as they were sent.
    name: '002_chat_message_files',
    async up(knex: Knex) {
      await knex.schema.alterTable('chatMessages', (t) => {
        t.string('mediaKey', 300).nullable();
        t.string('mediaName', 255).nullable();
        t.string('mediaType', 100).nullable();
      });
    },
    async down(knex: Knex) {
      await knex.schema.alterTable('chatMessages', (t) => {
        t.dropColumn('mediaKey');
        t.dropColumn('mediaName');
        t.dropColumn('mediaType');
      });
    },
  },
];
