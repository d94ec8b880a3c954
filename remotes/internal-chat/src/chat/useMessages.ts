import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatApi } from '../api';
import { useSdk } from '../sdk-context';
import type { Chat, ChatEvent, ChatMessage } from '../types';

/**
 * One chat's messages, oldest first: page 1 is the newest 20, each older page is put before them.
 * New messages of this chat arrive live; while the pane is open the chat is marked read for the caller.
 */
export function useMessages(chat: Chat, onRead: (chat: Chat) => void) {
  const sdk = useSdk();
  const { companyId, user } = sdk.useSession();
  const api = useMemo(() => chatApi(sdk.api), [sdk]);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const page = useRef(0);
  const busy = useRef(false);

  const markRead = useCallback(() => {
    if (!user) return;
    api.read(chat.id, user.id).then(onRead, () => undefined);
  }, [api, chat.id, onRead, user]);

  const loadOlder = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const res = await api.messages(chat.id, page.current + 1);
      page.current += 1;
      setMessages((current) => [...res.records.filter((m) => !current.some((k) => k.id === m.id)), ...current]);
      setHasMore(res.hasMore);
    } catch { /* chat failures are silently ignored (extended spec §8) */ } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [api, chat.id]);

  useEffect(() => {
    page.current = 0;
    setMessages([]);
    setHasMore(false);
    void loadOlder();
    markRead();
    // Only when another chat opens (markRead and loadOlder follow chat.id; a new onRead from the parent must not reload).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chat.id]);

  sdk.useSocketEvent(companyId ? `company-${companyId}-chat` : null, (event: ChatEvent) => {
    if (event.action !== 'new-message' || event.newMessage.chatId !== chat.id) return;
    setMessages((current) => (current.some((m) => m.id === event.newMessage.id) ? current : [...current, event.newMessage]));
    if (event.newMessage.senderId !== user?.id && document.visibilityState === 'visible') markRead();
  });

  const send = useCallback(async (text: string) => {
    const message = text.trim();
    if (!message) return false; // the spec: empty or whitespace-only messages are not sent
    try {
      const sent = await api.send(chat.id, message);
      setMessages((current) => (current.some((m) => m.id === sent.id) ? current : [...current, sent]));
      return true;
    } catch { return false; }
  }, [api, chat.id]);

  const sendFile = useCallback(async (file: File, text: string) => {
    try {
      const sent = await api.sendFile(chat.id, file, text.trim());
      setMessages((current) => (current.some((m) => m.id === sent.id) ? current : [...current, sent]));
      return true;
    } catch (err) { sdk.toast.error(err); return false; }
  }, [api, chat.id, sdk]);

  return { messages, hasMore, loading, loadOlder, send, sendFile };
}
