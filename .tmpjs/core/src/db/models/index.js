import { Plan, BUILTIN_PLAN_FLAGS } from "./plan.js";
import { Company } from "./company.js";
import { User } from "./user.js";
import { Setting } from "./setting.js";
import { Help } from "./help.js";
import { Invoice } from "./invoice.js";
import { Queue, QueueOption } from "./queue.js";
import { Whatsapp, ProviderAuthKey } from "./whatsapp.js";
import { Contact, ContactCustomField } from "./contact.js";
import { Tag } from "./tag.js";
import { Ticket, TicketNote } from "./ticket.js";
import { Message } from "./message.js";
import { MessageEdit, MessageReaction } from "./message-action.js";
import { QuickMessage, Schedule, Announcement, FileList, FileListOption, PasswordReset } from "./misc.js";
import { PrivacyEvent } from "./privacy-event.js";
import { RefreshTokenFamily } from "./refresh-token-family.js";
import { AuditLog } from "./audit-log.js";
export {
  Announcement,
  AuditLog,
  BUILTIN_PLAN_FLAGS,
  Company,
  Contact,
  ContactCustomField,
  FileList,
  FileListOption,
  Help,
  Invoice,
  Message,
  MessageEdit,
  MessageReaction,
  PasswordReset,
  Plan,
  PrivacyEvent,
  ProviderAuthKey,
  Queue,
  QueueOption,
  QuickMessage,
  RefreshTokenFamily,
  Schedule,
  Setting,
  Tag,
  Ticket,
  TicketNote,
  User,
  Whatsapp
};
