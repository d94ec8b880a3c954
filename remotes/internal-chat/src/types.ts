/** The chat API's shapes (extended spec §3), as plugins/internal-chat answers them. */
export interface Member { userId: number; unreads: number; user: { id: number; name: string } }
export interface Chat { id: number; uuid: string; title: string; ownerId: number | null; users: Member[]; lastMessage: string | null; createdAt: string; updatedAt: string }
export interface ChatMessage { id: number; chatId: number; senderId: number | null; sender: { id: number; name: string } | null; message: string; media: { url: string; name: string; mimetype: string } | null; createdAt: string }
export interface Page<T> { records: T[]; hasMore: boolean }
export type ChatEvent =
  | { action: 'create' | 'update'; chat: Chat }
  | { action: 'new-message'; chat: Chat; newMessage: ChatMessage }
  | { action: 'delete'; id: number };
