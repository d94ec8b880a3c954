import type { AtriumSdk } from '@atrium/core/sdk';

/** A prompt row as stored: apiKey encrypted. */
export interface PromptRow {
  id: number;
  companyId: number;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: number;
  maxMessages: number;
}

const COLUMNS = ['id', 'companyId', 'name', 'prompt', 'model', 'maxTokens', 'temperature', 'apiKey', 'queueId', 'maxMessages'];

/** The prompts table, every query filtered by company: another company's prompt does not exist. */
export function promptStore(sdk: AtriumSdk) {
  const rows = (companyId: number) => sdk.db.table('prompts', companyId);
  const normalise = (row: PromptRow): PromptRow => ({ ...row, temperature: Math.round(Number(row.temperature) * 10) / 10 });

  return {
    async find(companyId: number, id: number): Promise<PromptRow | null> {
      const row = await rows(companyId).where({ id }).first(COLUMNS);
      return row ? normalise(row) : null;
    },
    async list(companyId: number, search = ''): Promise<PromptRow[]> {
      const query = rows(companyId).select(COLUMNS).orderBy('name').orderBy('id');
      if (search.trim()) query.where('name', 'like', `%${search.trim()}%`);
      return (await query).map(normalise);
    },
    async insert(companyId: number, values: Omit<PromptRow, 'id' | 'companyId'>): Promise<number> {
      const [id] = await rows(companyId).insert(values);
      return Number(id);
    },
    async update(companyId: number, id: number, values: Omit<PromptRow, 'id' | 'companyId'>) {
      await rows(companyId).where({ id }).update(values);
    },
    /** Deletes the prompt and every pointer to it, so no queue, connection or ticket names a prompt that is gone. */
    async remove(companyId: number, id: number) {
      // The pointers first: a failure then leaves the prompt in place rather than pointers to nothing.
      await sdk.services.links.detachPrompt(companyId, id);
      await rows(companyId).where({ id }).delete();
    },
  };
}
export type PromptStore = ReturnType<typeof promptStore>;
