import type { HostSdk } from '@atrium/host-web/sdk';
import type { Chat, ChatMessage, Page } from './types';

/** The internal chat's calls (extended spec §7 "Internal chat"), through the host's authenticated client. */
export function chatApi(api: HostSdk['api']) {
  return {
    list: (pageNumber: number, searchParam = '') => api.get<Page<Chat>>('/chats', { pageNumber, ...(searchParam ? { searchParam } : {}) }),
    chat: (ref: string | number) => api.get<Chat>(`/chats/${ref}`),
    create: (title: string, userIds: number[]) => api.post<Chat>('/chats', { title, users: userIds.map((id) => ({ id })) }),
    update: (id: number, title: string, userIds: number[]) => api.put<Chat>(`/chats/${id}`, { title, users: userIds.map((id) => ({ id })) }),
    remove: (id: number) => api.delete<{ message: string }>(`/chats/${id}`),
    messages: (id: number, pageNumber: number) => api.get<Page<ChatMessage>>(`/chats/${id}/messages`, { pageNumber }),
    send: (id: number, message: string) => api.post<ChatMessage>(`/chats/${id}/messages`, { message }),
    /** A message with a file (multipart: the text in `message`, the file in `medias`). */
    sendFile: (id: number, file: File, message: string) => {
      const form = new FormData();
      form.append('message', message);
      form.append('medias', file, file.name);
      return api.upload<ChatMessage>(`/chats/${id}/messages`, form);
    },
    read: (id: number, userId: number) => api.post<Chat>(`/chats/${id}/read`, { userId }),
    unreads: () => api.get<{ unreads: number; chats: number }>('/chats/unreads'),
    /** Every user of the caller's company (the members picker). */
    users: () => api.get<Array<{ id: number; name: string }>>('/users/list'),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;
