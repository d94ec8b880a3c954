const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const hoursKeyedByWeekday = Object.fromEntries(WEEK.map((day, i) => [day, i < 5 ? { weekdayEn: day, startTime: "08:00", endTime: "18:00" } : { weekdayEn: day, startTime: i === 5 ? "08:00" : "00:00", endTime: i === 5 ? "12:00" : "00:00" }]));
const hoursInShifts = WEEK.map((day, i) => ({
  weekday: ["Segunda-feira", "Ter\xE7a-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "S\xE1bado", "Domingo"][i],
  weekdayEn: day,
  startTimeA: i < 6 ? "08:00" : "",
  endTimeA: i < 6 ? "12:00" : "",
  startTimeB: i < 5 ? "13:00" : "",
  endTimeB: i < 5 ? "18:00" : ""
}));
const settingsScreen = [
  ["userRating", "enabled"],
  ["scheduleType", "queue"],
  ["call", "disabled"],
  ["CheckMsgIsGroup", "enabled"],
  ["sendGreetingAccepted", "enabled"],
  ["sendMsgTransfTicket", "enabled"],
  ["sendGreetingMessageOneQueues", "enabled"],
  ["chatbotAutoExit", "enabled"],
  ["quickMessages", "individual"],
  ["downloadLimit", "15"],
  ["ratingsTimeout", "5"],
  ["autoReopenTimeout", "10"],
  ["tagsMode", "both"],
  ["groupsTab", "enabled"],
  ["soundGroupNotifications", "disabled"],
  ["ticketAcceptedMessage", "{{greeting}} {{firstName}}, sou {{user}} e vou te atender."],
  ["transferMessage", "Seu atendimento foi transferido para {{queue}}."],
  ["gracePeriod", "3"],
  ["keepUserAndQueue", "enabled"],
  ["showNumericIcons", "enabled"],
  ["defaultLanguage", "pt"],
  ["outOfHoursAction", "closed"],
  ["noQueueTimeout", "30"],
  ["openTicketTimeout", "120"],
  ["apiToken", "tk_0123456789abcdef"]
];
const recordedCalls = [
  // Session
  { screen: "login", name: "reads its own user", method: "GET", url: "/api/auth/me", status: 200, reads: ["id", "name", "profile", "companyId"] },
  // Settings screen (the 19 keys of the issue, beside the spec's)
  ...settingsScreen.map(([key, value]) => ({
    screen: "settings",
    name: `writes ${key}`,
    method: "PUT",
    url: `/api/settings/${key}`,
    body: { value },
    status: 200,
    reads: ["key", "value"]
  })),
  { screen: "settings", name: "writes _paymentGateway (the super user)", method: "PUT", url: "/api/settings/_paymentGateway", body: { value: "" }, status: 200, reads: ["key", "value"] },
  { screen: "settings", name: "reads the settings", method: "GET", url: "/api/settings", status: 200, reads: ["[]", "[].key", "[].value"] },
  { screen: "settings", name: "reads one setting", method: "GET", url: "/api/settings/groupsTab", status: 200, reads: ["key", "value"] },
  // Company hours (settings, schedules tab)
  { screen: "settings/schedules", name: "saves the hours keyed by weekday", method: "PUT", url: "/api/companies/{company}/schedules", body: { schedules: hoursKeyedByWeekday }, status: 200, reads: ["schedules[]", "schedules[].weekdayEn", "schedules[].startTime", "schedules[].endTime"] },
  { screen: "settings/schedules", name: "saves the hours in two shifts", method: "PUT", url: "/api/companies/{company}/schedules", body: { schedules: hoursInShifts }, status: 200, reads: ["schedules[]", "schedules[].weekday", "schedules[].startTime", "schedules[].endTime"] },
  // Queues
  { screen: "queues", name: "lists the queues", method: "GET", url: "/api/queue", status: 200, reads: ["[]", "[].id", "[].name", "[].color"] },
  { screen: "queues", name: "creates a queue with hours keyed by weekday", method: "POST", url: "/api/queue", body: { name: "Suporte", color: "#2196f3", greetingMessage: "Ol\xE1!", outOfHoursMessage: "Estamos fechados.", orderQueue: 1, integrationId: null, promptId: null, schedules: hoursKeyedByWeekday }, status: 200, reads: ["id", "name", "schedules[]", "schedules[].weekdayEn"] },
  { screen: "queues", name: "creates a queue with hours in two shifts", method: "POST", url: "/api/queue", body: { name: "Vendas", color: "#4caf50", greetingMessage: "", outOfHoursMessage: "", orderQueue: 2, integrationId: null, promptId: null, schedules: hoursInShifts }, status: 200, reads: ["id", "schedules[]", "schedules[].startTime"] },
  { screen: "queues", name: "saves a queue with hours in two shifts", method: "PUT", url: "/api/queue/{queue}", body: { name: "Recep\xE7\xE3o", color: "#9c27b0", greetingMessage: "Ol\xE1!", outOfHoursMessage: "", orderQueue: 1, integrationId: null, promptId: null, schedules: hoursInShifts }, status: 200, reads: ["id", "schedules[]"] },
  { screen: "queues", name: "reads a queue", method: "GET", url: "/api/queue/{queue}", status: 200, reads: ["id", "name", "schedules[]"] },
  // Contacts
  { screen: "contacts", name: "lists the contacts", method: "GET", url: "/api/contacts", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["contacts[]", "contacts[].id", "contacts[].number", "hasMore"] },
  { screen: "contacts", name: "imports the phone's contacts (no file), on a connection that cannot list them", method: "POST", url: "/api/contacts/import", status: 400, reads: ["error"], error: "ERR_CONTACTS_IMPORT_UNSUPPORTED" },
  // Tickets
  { screen: "tickets", name: "lists open tickets", method: "GET", url: "/api/tickets", query: { status: "open", showAll: "false", pageNumber: 1 }, status: 200, reads: ["tickets[]", "hasMore"] },
  // Tags, quick messages, users, connections
  { screen: "tags", name: "creates a tag", method: "POST", url: "/api/tags", body: { name: "VIP", color: "#ff9800" }, status: 200, reads: ["id", "name", "color"] },
  { screen: "users", name: "lists the users", method: "GET", url: "/api/users", query: { pageNumber: 1 }, status: 200, reads: ["users[]", "users[].id", "hasMore"] },
  { screen: "connections", name: "lists the connections", method: "GET", url: "/api/whatsapp", status: 200, reads: ["[]", "[].id", "[].status"] },
  // The other list screens, as the client pages them
  { screen: "quick messages", name: "lists the quick messages", method: "GET", url: "/api/quick-messages", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["records[]", "hasMore"] },
  { screen: "schedules", name: "lists the scheduled messages", method: "GET", url: "/api/schedules", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["schedules[]", "hasMore"] },
  { screen: "files", name: "lists the file lists", method: "GET", url: "/api/files", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["files[]", "hasMore"] },
  { screen: "announcements", name: "lists the announcements", method: "GET", url: "/api/announcements", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["records[]", "hasMore"] },
  { screen: "helps", name: "lists the help videos", method: "GET", url: "/api/helps/list", status: 200, reads: ["[]"] },
  { screen: "prompts", name: "lists the AI prompts", method: "GET", url: "/api/prompt", status: 200, reads: ["prompts[]"] },
  { screen: "queue integrations", name: "lists the integrations", method: "GET", url: "/api/queueIntegration", query: { pageNumber: 1 }, status: 200, reads: ["queueIntegrations[]", "hasMore"] },
  { screen: "contact lists", name: "lists the contact lists", method: "GET", url: "/api/contact-lists", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["records[]", "hasMore"] },
  { screen: "campaign settings", name: "reads the campaign settings", method: "GET", url: "/api/campaign-settings", status: 200, reads: ["[]"] },
  // Campaigns
  { screen: "campaigns", name: "lists the campaigns", method: "GET", url: "/api/campaigns", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["records[]", "hasMore"] },
  { screen: "campaign report", name: "reads a campaign as { campaign, valids, delivered }", method: "GET", url: "/api/campaigns/{campaign}", status: 200, reads: ["campaign.id", "campaign.name", "campaign.status", "valids", "delivered"] },
  // Invoices: the spec's { invoices, hasMore } wins over the client's bare array (docs/compatibility.md)
  { screen: "financeiro", name: "lists the invoices", method: "GET", url: "/api/invoices/all", query: { searchParam: "", pageNumber: 1 }, status: 200, reads: ["invoices[]", "hasMore"] }
];
const recordedListeners = [
  { event: "ready", name: "the socket is ready", trigger: { connect: true }, reads: ["userId", "companyId"] },
  { event: "tag", name: "a tag is created", trigger: { call: { screen: "tags", name: "creates a tag", method: "POST", url: "/api/tags", body: { name: "Novo", color: "#795548" }, status: 200, reads: [] } }, reads: ["action", "tag.id", "tag.name"] },
  { event: "settings", name: "a setting changes", trigger: { call: { screen: "settings", name: "writes groupsTab", method: "PUT", url: "/api/settings/groupsTab", body: { value: "enabled" }, status: 200, reads: [] } }, reads: ["action", "setting.key", "setting.value"] },
  { event: "userOnlineChange", name: "an agent goes offline", trigger: { otherUserComesAndGoes: true }, reads: ["userId", "online"] },
  { event: "company-{company}-campaign", name: "a campaign is created", trigger: { call: { screen: "campaigns", name: "creates a campaign", method: "POST", url: "/api/campaigns", body: { name: "Promo\xE7\xE3o", message1: "Ol\xE1 {nome}", whatsappId: "{whatsapp}", contactListId: "{contactList}", tagListId: null, fileListId: null, scheduledAt: "" }, status: 200, reads: [] } }, reads: ["action", "record.id", "record.valids", "record.delivered", "valids", "delivered"] }
];
export {
  recordedCalls,
  recordedListeners
};
