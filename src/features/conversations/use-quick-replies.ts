/** The store's quick replies for the reply box: the phone's copy at once, the server's online. */
import { useEffect, useState } from 'react';
import {
  cachedQuickReplies,
  type QuickReplyCache,
  refreshQuickReplies,
} from '~/db/conversations-thread';
import { useDeviceStore } from '~/db/device-store-context';
import { fillQuickReply } from '~/domain/quick-reply';

export function useQuickReplies(): QuickReplyCache | undefined {
  const store = useDeviceStore();
  const [cache, setCache] = useState<QuickReplyCache | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void cachedQuickReplies(store.db).then((kept) => alive && kept && setCache(kept));
    if (navigator.onLine) {
      refreshQuickReplies(store).then(
        (fresh) => alive && setCache(fresh),
        () => {
          // Offline or refused: the phone's copy stays.
        },
      );
    }
    return () => {
      alive = false;
    };
  }, [store]);
  return cache;
}

/** The shortcut typed so far ('/hor' → 'hor'), or null when the box is not a shortcut. */
export function typedShortcut(text: string): string | null {
  const match = /^\/([a-z0-9_-]*)$/i.exec(text.trim());
  return match ? (match[1] ?? '').toLowerCase() : null;
}

/**
 * The quick reply's text as it will go: `{nome}` and `{loja}` filled here; `{link_loja}` too when
 * the phone knows the link, else left for the server, which fills it before sending.
 */
export function filledReply(
  text: string,
  values: { nome: string; loja: string; link: string | null | undefined },
): string {
  return fillQuickReply(text, {
    nome: values.nome,
    loja: values.loja,
    linkLoja: values.link === undefined ? '{link_loja}' : values.link,
  });
}
