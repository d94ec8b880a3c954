const time = (t, name, nullable = true) => {
  const col = t.string(name, 24);
  return nullable ? col.nullable() : col.notNullable();
};
const timestamps = (t) => {
  time(t, "createdAt", false);
  time(t, "updatedAt", false);
};
const companyFk = (t) => t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
async function up(knex) {
  await knex.schema.createTable("plans", (t) => {
    t.increments("id");
    t.string("name", 100).notNullable().unique();
    t.integer("users").notNullable().defaultTo(0);
    t.integer("connections").notNullable().defaultTo(0);
    t.integer("queues").notNullable().defaultTo(0);
    t.decimal("value", 12, 2).notNullable().defaultTo(0);
    for (const flag of ["useCampaigns", "useKanban", "useOpenAi", "useIntegrations", "useSchedules", "useInternalChat", "useExternalApi"]) {
      t.boolean(flag).notNullable().defaultTo(true);
    }
    t.text("features").nullable();
    timestamps(t);
  });
  await knex.schema.createTable("companies", (t) => {
    t.increments("id");
    t.string("name", 100).notNullable();
    t.string("email", 255).nullable();
    t.string("phone", 30).nullable();
    t.string("document", 30).nullable();
    t.integer("planId").unsigned().nullable().references("id").inTable("plans").onDelete("SET NULL");
    t.boolean("status").notNullable().defaultTo(true);
    t.boolean("campaignsEnabled").notNullable().defaultTo(false);
    t.string("dueDate", 10).nullable();
    t.string("recurrence", 20).nullable();
    t.string("trialExpiration", 24).nullable();
    t.text("schedules").nullable();
    t.text("billing").nullable();
    timestamps(t);
    t.index(["planId"]);
  });
  await knex.schema.createTable("users", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("name", 100).notNullable();
    t.string("email", 255).notNullable().unique();
    t.string("passwordHash", 255).notNullable();
    t.string("profile", 20).notNullable().defaultTo("user");
    t.boolean("super").notNullable().defaultTo(false);
    t.string("allTicket", 10).notNullable().defaultTo("desabled");
    t.integer("whatsappId").unsigned().nullable();
    t.integer("tokenVersion").notNullable().defaultTo(0);
    t.boolean("online").notNullable().defaultTo(false);
    time(t, "lastSeenAt");
    t.string("language", 5).nullable();
    t.integer("failedLogins").notNullable().defaultTo(0);
    time(t, "lockedUntil");
    timestamps(t);
    t.index(["companyId", "name"]);
  });
  await knex.schema.createTable("passwordResets", (t) => {
    t.increments("id");
    t.integer("userId").unsigned().notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("codeHash", 128).notNullable();
    time(t, "expiresAt", false);
    time(t, "usedAt");
    t.integer("attempts").notNullable().defaultTo(0);
    timestamps(t);
    t.index(["userId"]);
  });
  await knex.schema.createTable("settings", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("key", 100).notNullable();
    t.text("value").nullable();
    timestamps(t);
    t.unique(["companyId", "key"]);
  });
  await knex.schema.createTable("helps", (t) => {
    t.increments("id");
    t.string("title", 255).notNullable();
    t.string("video", 255).nullable();
    t.text("description").nullable();
    t.string("link", 500).nullable();
    timestamps(t);
  });
  await knex.schema.createTable("invoices", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("detail", 255).notNullable();
    t.decimal("value", 12, 2).notNullable();
    t.string("dueDate", 10).notNullable();
    t.string("status", 10).notNullable().defaultTo("open");
    t.string("txid", 100).nullable();
    t.text("payload").nullable();
    timestamps(t);
    t.index(["companyId", "id"]);
  });
  await knex.schema.createTable("queues", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("name", 100).notNullable();
    t.string("color", 20).notNullable();
    t.integer("orderQueue").nullable();
    t.text("greetingMessage").nullable();
    t.text("outOfHoursMessage").nullable();
    t.text("schedules").nullable();
    t.integer("integrationId").unsigned().nullable();
    t.integer("promptId").unsigned().nullable();
    timestamps(t);
    t.unique(["companyId", "name"]);
    t.unique(["companyId", "color"]);
  });
  await knex.schema.createTable("queueOptions", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("queueId").unsigned().notNullable().references("id").inTable("queues").onDelete("CASCADE");
    t.integer("parentId").unsigned().nullable().references("id").inTable("queueOptions").onDelete("CASCADE");
    t.string("title", 255).notNullable();
    t.text("message").nullable();
    t.string("option", 10).notNullable();
    timestamps(t);
    t.index(["queueId", "parentId"]);
  });
  await knex.schema.createTable("userQueues", (t) => {
    t.integer("userId").unsigned().notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.integer("queueId").unsigned().notNullable().references("id").inTable("queues").onDelete("CASCADE");
    t.primary(["userId", "queueId"]);
    t.index(["queueId"]);
  });
  await knex.schema.createTable("whatsapps", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("name", 100).notNullable();
    t.string("provider", 20).notNullable().defaultTo("beta");
    t.string("status", 20).notNullable().defaultTo("DISCONNECTED");
    t.text("qrcode").nullable();
    t.integer("retries").notNullable().defaultTo(0);
    t.string("number", 50).nullable();
    t.boolean("isDefault").notNullable().defaultTo(false);
    t.text("greetingMessage").nullable();
    t.text("complationMessage").nullable();
    t.text("outOfHoursMessage").nullable();
    t.text("ratingMessage").nullable();
    t.text("expiresInactiveMessage").nullable();
    t.string("token", 100).nullable().unique();
    t.integer("expiresTicket").notNullable().defaultTo(0);
    t.integer("timeUseBotQueues").notNullable().defaultTo(0);
    t.integer("maxUseBotQueues").notNullable().defaultTo(3);
    t.integer("timeToTransfer").nullable();
    t.integer("transferQueueId").unsigned().nullable().references("id").inTable("queues").onDelete("SET NULL");
    t.integer("promptId").unsigned().nullable();
    t.integer("integrationId").unsigned().nullable();
    timestamps(t);
    t.unique(["companyId", "name"]);
  });
  await knex.schema.createTable("whatsappQueues", (t) => {
    t.integer("whatsappId").unsigned().notNullable().references("id").inTable("whatsapps").onDelete("CASCADE");
    t.integer("queueId").unsigned().notNullable().references("id").inTable("queues").onDelete("CASCADE");
    t.primary(["whatsappId", "queueId"]);
    t.index(["queueId"]);
  });
  await knex.schema.createTable("providerAuthKeys", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("whatsappId").unsigned().notNullable().references("id").inTable("whatsapps").onDelete("CASCADE");
    t.string("category", 64).notNullable();
    t.string("keyId", 191).notNullable();
    t.text("value", "longtext").notNullable();
    t.unique(["whatsappId", "category", "keyId"]);
  });
  await knex.schema.createTable("contacts", (t) => {
    t.increments("id");
    t.string("uuid", 36).notNullable().unique();
    companyFk(t);
    t.string("name", 255).notNullable();
    t.string("number", 64).notNullable();
    t.string("lid", 64).nullable();
    t.string("email", 255).nullable();
    t.string("profilePicUrl", 1e3).nullable();
    t.boolean("isGroup").notNullable().defaultTo(false);
    t.integer("whatsappId").unsigned().nullable().references("id").inTable("whatsapps").onDelete("SET NULL");
    timestamps(t);
    t.unique(["companyId", "number"]);
    t.unique(["companyId", "lid"]);
    t.index(["companyId", "name"]);
    t.index(["companyId", "createdAt"]);
  });
  await knex.schema.createTable("contactCustomFields", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("contactId").unsigned().notNullable().references("id").inTable("contacts").onDelete("CASCADE");
    t.string("name", 255).notNullable();
    t.text("value").nullable();
    timestamps(t);
    t.index(["contactId"]);
  });
  await knex.schema.createTable("tags", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("name", 100).notNullable();
    t.string("color", 20).notNullable().defaultTo("#5C59A0");
    t.integer("kanban").notNullable().defaultTo(0);
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.unique(["companyId", "name"]);
  });
  await knex.schema.createTable("tickets", (t) => {
    t.increments("id");
    t.string("uuid", 36).notNullable().unique();
    companyFk(t);
    t.integer("contactId").unsigned().notNullable().references("id").inTable("contacts").onDelete("CASCADE");
    t.integer("whatsappId").unsigned().nullable().references("id").inTable("whatsapps").onDelete("SET NULL");
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    t.integer("queueId").unsigned().nullable().references("id").inTable("queues").onDelete("SET NULL");
    t.integer("queueOptionId").unsigned().nullable().references("id").inTable("queueOptions").onDelete("SET NULL");
    t.string("status", 10).notNullable().defaultTo("pending");
    t.text("lastMessage").nullable();
    t.integer("unreadMessages").notNullable().defaultTo(0);
    t.boolean("isGroup").notNullable().defaultTo(false);
    t.boolean("chatbot").notNullable().defaultTo(false);
    t.integer("amountUsedBotQueues").notNullable().defaultTo(0);
    t.boolean("useIntegration").notNullable().defaultTo(false);
    t.integer("promptId").unsigned().nullable();
    t.integer("integrationId").unsigned().nullable();
    t.string("protocol", 30).nullable();
    t.string("code", 50).nullable();
    t.integer("rating").nullable();
    time(t, "ratingRequestedAt");
    time(t, "acceptedAt");
    time(t, "closedAt");
    time(t, "lastInboundAt");
    timestamps(t);
    t.index(["companyId", "status", "updatedAt"]);
    t.index(["companyId", "queueId", "status", "updatedAt"]);
    t.index(["companyId", "userId", "status", "updatedAt"]);
    t.index(["companyId", "contactId"]);
    t.index(["whatsappId", "status"]);
  });
  const isMysql = knex.client.config.client === "mysql2";
  await knex.raw(
    isMysql ? "ALTER TABLE tickets ADD COLUMN liveSlot TINYINT AS (CASE WHEN status <> 'closed' THEN 1 END) STORED" : "ALTER TABLE tickets ADD COLUMN liveSlot INTEGER GENERATED ALWAYS AS (CASE WHEN status <> 'closed' THEN 1 END) VIRTUAL"
  );
  await knex.raw("CREATE UNIQUE INDEX tickets_live_contact_unique ON tickets (contactId, whatsappId, liveSlot)");
  await knex.schema.createTable("ticketTags", (t) => {
    t.integer("ticketId").unsigned().notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.integer("tagId").unsigned().notNullable().references("id").inTable("tags").onDelete("CASCADE");
    time(t, "createdAt");
    t.primary(["ticketId", "tagId"]);
    t.index(["tagId"]);
  });
  await knex.schema.createTable("ticketNotes", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("ticketId").unsigned().notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.integer("contactId").unsigned().nullable().references("id").inTable("contacts").onDelete("CASCADE");
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    t.text("note").notNullable();
    timestamps(t);
    t.index(["ticketId"]);
    t.index(["contactId"]);
  });
  await knex.schema.createTable("messages", (t) => {
    t.bigIncrements("id");
    companyFk(t);
    t.integer("ticketId").unsigned().notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.integer("contactId").unsigned().nullable().references("id").inTable("contacts").onDelete("SET NULL");
    t.integer("whatsappId").unsigned().nullable().references("id").inTable("whatsapps").onDelete("SET NULL");
    t.string("providerId", 191).nullable();
    t.text("body").nullable();
    t.boolean("fromMe").notNullable().defaultTo(false);
    t.string("mediaType", 30).nullable();
    t.string("mediaUrl", 500).nullable();
    t.string("mediaName", 255).nullable();
    t.integer("ack").notNullable().defaultTo(0);
    t.boolean("read").notNullable().defaultTo(false);
    t.boolean("isDeleted").notNullable().defaultTo(false);
    t.boolean("isEdited").notNullable().defaultTo(false);
    t.string("status", 10).notNullable().defaultTo("received");
    t.text("error").nullable();
    t.bigInteger("quotedMsgId").unsigned().nullable().references("id").inTable("messages").onDelete("SET NULL");
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    t.string("participant", 100).nullable();
    t.string("reaction", 20).nullable();
    t.text("data").nullable();
    timestamps(t);
    t.unique(["whatsappId", "providerId"]);
    t.index(["ticketId", "id"]);
    t.index(["companyId", "createdAt"]);
  });
  await knex.schema.createTable("quickMessages", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("shortcode", 100).notNullable();
    t.text("message").nullable();
    t.boolean("geral").notNullable().defaultTo(false);
    t.string("status", 20).notNullable().defaultTo("active");
    t.string("mediaPath", 500).nullable();
    t.string("mediaName", 255).nullable();
    timestamps(t);
    t.index(["companyId", "shortcode"]);
  });
  await knex.schema.createTable("schedules", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("contactId").unsigned().notNullable().references("id").inTable("contacts").onDelete("CASCADE");
    t.integer("ticketId").unsigned().nullable().references("id").inTable("tickets").onDelete("SET NULL");
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    t.integer("whatsappId").unsigned().nullable().references("id").inTable("whatsapps").onDelete("SET NULL");
    t.text("body").notNullable();
    time(t, "sendAt", false);
    time(t, "sentAt");
    t.string("status", 20).notNullable().defaultTo("PENDENTE");
    t.text("error").nullable();
    t.string("mediaPath", 500).nullable();
    t.string("mediaName", 255).nullable();
    timestamps(t);
    t.index(["companyId", "sendAt"]);
    t.index(["status", "sendAt"]);
  });
  await knex.schema.createTable("announcements", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().nullable().references("id").inTable("companies").onDelete("SET NULL");
    t.string("title", 255).notNullable();
    t.text("text").notNullable();
    t.integer("priority").notNullable().defaultTo(3);
    t.boolean("status").notNullable().defaultTo(true);
    t.string("mediaPath", 500).nullable();
    t.string("mediaName", 255).nullable();
    timestamps(t);
  });
  await knex.schema.createTable("fileLists", (t) => {
    t.increments("id");
    companyFk(t);
    t.string("name", 255).notNullable();
    t.text("message").nullable();
    timestamps(t);
    t.unique(["companyId", "name"]);
  });
  await knex.schema.createTable("fileListOptions", (t) => {
    t.increments("id");
    companyFk(t);
    t.integer("fileListId").unsigned().notNullable().references("id").inTable("fileLists").onDelete("CASCADE");
    t.string("name", 255).notNullable();
    t.string("path", 500).nullable();
    t.string("mediaType", 100).nullable();
    timestamps(t);
    t.index(["fileListId"]);
  });
}
async function down(knex) {
  for (const table of [
    "fileListOptions",
    "fileLists",
    "announcements",
    "schedules",
    "quickMessages",
    "messages",
    "ticketNotes",
    "ticketTags",
    "tickets",
    "tags",
    "contactCustomFields",
    "contacts",
    "providerAuthKeys",
    "whatsappQueues",
    "whatsapps",
    "userQueues",
    "queueOptions",
    "queues",
    "invoices",
    "helps",
    "settings",
    "passwordResets",
    "users",
    "companies",
    "plans"
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
export {
  down,
  up
};
