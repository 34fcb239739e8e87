import { uploadedFileUrl } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  conversationsKey,
  fetchMessages,
  MESSAGE_PAGE_SIZE,
  messagesKey,
  messagesQuery,
  refreshPoints,
  type SendMessageData,
  sendMessage,
  stopMessage,
} from '../api/chat.ts';
import { chatAgentsKey } from '../api/chat-agents.ts';
import { listenToConversation } from '../api/chat-channel.ts';
import { siteVersionsKey } from '../api/chat-sites.ts';
import { selectReplyVersion } from '../api/reply-versions.ts';
import { mergeSaved, type ShownMessage, startReply } from './apply-publication.ts';
import { MissedPieces } from './missed-pieces.ts';

const OFFLINE_POLL_MS = 2000;
/** How often the server saves a streaming reply: a read sooner than this brings nothing new. */
const SAVED_REPLY_INTERVAL_MS = 500;

/** `hasOlder`: messages before the earliest read remain on the server. */
type Cached = Page<ShownMessage> & { hasOlder?: boolean };

/**
 * One open conversation: its newest messages, kept in the query cache and filled live from its channel
 * while it is open; sending, regenerating and stopping a reply.
 */
export function useConversation({
  conversationId,
  agentKey,
  agentId,
  onStarted,
  sender = sendMessage,
}: {
  conversationId: string | null;
  agentKey: string;
  agentId: number | null;
  onStarted(data: SendMessageData): void;
  /** Sends a message: the chat's send, or another with the same answer (the chat beside a document). */
  sender?: typeof sendMessage;
}) {
  const queryClient = useQueryClient();
  // Without the channel (no realtime connection, a refused subscription) a streaming reply is polled.
  const [offlineId, setOfflineId] = useState<string | null>(null);
  const isOffline = conversationId !== null && offlineId === conversationId;
  const newest = messagesQuery(conversationId);
  const query = useQuery({
    ...newest,
    // A poll's newest page goes in with the earlier pages already read, not in place of them. What the
    // channel read first (its page knows nothing of earlier messages) leaves `hasOlder` to this read.
    queryFn: async (context): Promise<Cached> => {
      const read = await newest.queryFn!(context);
      const shown = queryClient.getQueryData<Cached>(newest.queryKey);
      return shown
        ? { ...read, data: mergeSaved(shown.data, read.data), hasOlder: shown.hasOlder ?? read.hasOlder }
        : read;
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (current) =>
      isOffline && current.state.data?.data.at(-1)?.status === 'streaming' ? OFFLINE_POLL_MS : false,
  });
  const listening = useRef<{ id: string; stop: Promise<(() => void) | null> } | null>(null);

  const update = useCallback(
    (id: string, change: (messages: ShownMessage[]) => ShownMessage[]) =>
      queryClient.setQueryData<Cached>(messagesKey(id), (page) =>
        page ? { ...page, data: change(page.data) } : { data: change([]), total: 0 },
      ),
    [queryClient],
  );

  /** Reads the conversation's newest saved page into what the page shows (`mergeSaved`). */
  const readSaved = useCallback(
    async (id: string) => {
      const saved = await fetchMessages(id);
      update(id, (messages) => mergeSaved(messages, saved.data));
      return saved;
    },
    [update],
  );

  const listen = useCallback(
    (id: string, isNew = false) => {
      if (listening.current?.id === id) return listening.current.stop;
      const missed = new MissedPieces(id);
      let isCatchingUp = false;
      /**
       * Reads the saved reply until the pieces held after a gap fit onto it: the server saves every
       * 500 ms, so what was missed is there within a read or two (or the reply ended meanwhile).
       */
      const catchUp = () => {
        if (isCatchingUp) return;
        isCatchingUp = true;
        void (async () => {
          while (!missed.isEmpty) {
            await readSaved(id);
            update(id, (messages) => missed.fill(messages, { isSavedRead: true }));
            if (missed.isEmpty) break;
            await new Promise((resolve) => setTimeout(resolve, SAVED_REPLY_INTERVAL_MS));
          }
        })()
          .catch(() => {})
          .finally(() => {
            isCatchingUp = false;
          });
      };
      const stop = listenToConversation(
        id,
        (publication) => {
          const shown = queryClient.getQueryData<Cached>(messagesKey(id))?.data ?? [];
          // Sent from another tab or device: its question is read from the server, beside the reply.
          const isAskedElsewhere =
            publication.type === 'start' &&
            !shown.some((message) => message.id === publication.user_message_id);
          let isHeld = false;
          update(id, (messages) => {
            const received = missed.receive(messages, publication);
            isHeld = received.isHeld;
            return received.messages;
          });
          if (isHeld) catchUp();
          if (isAskedElsewhere) void readSaved(id).catch(() => {});
          if (publication.type === 'done' || publication.type === 'error') {
            void refreshPoints();
            void queryClient.invalidateQueries({ queryKey: conversationsKey(agentId) });
            // A first conversation puts its agent in the user's list, or moves it to the top.
            void queryClient.invalidateQueries({ queryKey: chatAgentsKey });
          }
        },
        () => void readSaved(id).catch(() => {}),
        isNew,
        () => void queryClient.invalidateQueries({ queryKey: siteVersionsKey(id) }),
      )
        .then(async (stop) => {
          // A reply may have ended before the subscription: what is saved says how it ended.
          const saved = await readSaved(id);
          if (saved.data.at(-1)?.status !== 'streaming') void refreshPoints();
          return stop;
        })
        .catch(() => {
          setOfflineId(id);
          return null;
        });
      listening.current = { id, stop };
      return stop;
    },
    [agentId, queryClient, update, readSaved],
  );

  // Listen while a conversation is open: a reply still streaming when it was opened goes on live.
  useEffect(() => {
    if (!conversationId) return;
    void listen(conversationId);
    return () => {
      const current = listening.current;
      listening.current = null;
      void current?.stop.then((stop) => stop?.());
      // Opened again later, the conversation is read again from the server.
      queryClient.removeQueries({ queryKey: messagesKey(conversationId) });
    };
  }, [conversationId, listen, queryClient]);

  const messages: ShownMessage[] = conversationId ? (query.data?.data ?? []) : [];
  const isStreaming = messages.some((message) => message.status === 'streaming');

  const send = async ({
    content,
    images,
    regenerate,
    model_id,
  }: {
    content?: string;
    images?: string[];
    regenerate?: boolean;
    /** The default assistant's picker: the model this conversation answers with from now on. */
    model_id?: number;
  }) => {
    const data = await sender(
      conversationId
        ? { conversation_id: conversationId, content, images, regenerate, model_id }
        : { agent_key: agentKey, content, images, model_id },
    );
    update(data.conversation_id, (current) =>
      startReply(data.conversation_id, current, data, regenerate ? null : (content ?? '')).map((message) =>
        message.id === data.user_message_id && images?.length
          ? { ...message, attachments: images.map(uploadedFileUrl) }
          : message,
      ),
    );
    if (!conversationId) {
      // A new conversation's channel holds this reply only: its pieces sent before the subscription
      // come with it, where the hub keeps them.
      await listen(data.conversation_id, true);
      void queryClient.invalidateQueries({ queryKey: conversationsKey(agentId) });
      // A first conversation puts its agent in the user's list.
      void queryClient.invalidateQueries({ queryKey: chatAgentsKey });
    }
    onStarted(data);
    return data;
  };

  const stop = () => (conversationId ? stopMessage(conversationId) : undefined);

  /** Shows another version of a reply, in the place of the one shown. */
  const selectVersion = async (messageId: number) => {
    if (!conversationId) return;
    const chosen = await selectReplyVersion(conversationId, messageId);
    update(conversationId, (messages) =>
      messages.map((message) => (message.versions?.includes(chosen.id) ? chosen : message)),
    );
  };

  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const hasOlder = query.data?.hasOlder === true;
  const loadOlder = async () => {
    const earliest = messages[0]?.id;
    if (!conversationId || earliest === undefined) return;
    setLoadingOlder(true);
    try {
      // By the earliest message read, so what was sent meanwhile shifts nothing.
      const older = await fetchMessages(conversationId, earliest);
      queryClient.setQueryData<Cached>(messagesKey(conversationId), (page) => {
        if (!page) return page;
        const known = new Set(page.data.map((message) => message.id));
        const earlier = older.data.filter((message) => !known.has(message.id));
        return {
          ...page,
          data: [...earlier, ...page.data],
          hasOlder: older.data.length === MESSAGE_PAGE_SIZE,
        };
      });
    } finally {
      setLoadingOlder(false);
    }
  };

  return { query, messages, isStreaming, send, stop, selectVersion, hasOlder, isLoadingOlder, loadOlder };
}
