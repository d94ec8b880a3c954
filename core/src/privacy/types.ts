/**
 * `sdk.privacy`: how a plugin takes part in a contact's data export and erasure (LGPD / GDPR rights).
 * Every plugin that keeps rows about a contact (its number, its tickets, what it answered a bot) registers
 * a handler; the core calls each one on GET /contacts/:id/export and DELETE /contacts/:id?erase=true,
 * whatever the company's plan says today (the data may date from when it had the feature).
 */
export interface PrivacySubject {
  companyId: number;
  contact: { id: number; name: string; number: string; lid: string | null; email: string | null };
  /** Every ticket of the contact, any status: rows keyed by ticket (bot sessions, flow runs) belong to the contact. */
  ticketIds: number[];
}

export interface PrivacyHandler {
  /** What the plugin holds about the subject, JSON-ready: written to `plugins/<pluginId>.json` in the export. */
  export?(subject: PrivacySubject): Promise<unknown>;
  /**
   * Removes everything the plugin holds about the subject and answers how many rows went, per table
   * (`{ contactListItems: 2 }`): the erasure's record keeps the counts, never the data. Must be safe to
   * run twice (a failed erasure is retried as a whole).
   */
  erase(subject: PrivacySubject): Promise<Record<string, number>>;
  /**
   * Of these storage keys (files of erased or expired messages), those the plugin's rows still point at: a
   * campaign's media or a flow's file is sent to every recipient as the same stored file, and must stay.
   */
  filesInUse?(companyId: number, keys: string[]): Promise<string[]>;
}

/** What a plugin sees: `sdk.privacy.register(handler)`, once. */
export interface PrivacyApi {
  register(handler: PrivacyHandler): void;
}
