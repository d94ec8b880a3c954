export interface QuickMessage {
  id: number;
  shortcode: string;
  message?: string | null;
  geral?: boolean;
  status?: string;
  userId?: number | null;
  mediaPath?: string | null;
  mediaName?: string | null;
}
