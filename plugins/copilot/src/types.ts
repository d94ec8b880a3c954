/** The shapes the copilot's API answers, shared with the remote (imported there with `import type`). */
export interface CopilotSettings {
  baseUrl: string | null;
  model: string;
  apiKey: string | null;
  monthlyTokenBudget: number;
  perAgentPerMinute: number;
  pricePerMillionTokens: number;
  windowMessages: number;
  timeoutMs: number;
  summaryOnTransfer: boolean;
  includeNotes: boolean;
  maskNumbers: boolean;
}

export type ArticleStatus = 'published' | 'draft';

export interface Article {
  id: number;
  title: string;
  body: string;
  tags: string[];
  language: string;
  status: ArticleStatus;
  source: string;
  createdAt: string;
  updatedAt: string;
}

export interface ArticlePage { articles: Article[]; hasMore: boolean; nextCursor: string | null }

export interface CitedArticle { id: number; title: string }

export interface UsageRow { userId: number; userName: string | null; calls: number; promptTokens: number; completionTokens: number; estimatedCalls: number; cost: number }
export interface Usage { month: string; budget: number; used: number; rows: UsageRow[] }

export type ImproveMode = 'fix' | 'friendlier' | 'formal' | 'shorten' | 'translate';

/** Server-sent events of POST /copilot/suggest: `articles` first, text chunks (`message`), then `done` or `error`. */
export interface SuggestDone { cited: CitedArticle[]; usage: { promptTokens: number; completionTokens: number; estimated: boolean } }
