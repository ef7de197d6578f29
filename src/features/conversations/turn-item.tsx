/** One turn of a thread: who wrote it, when, its text or image, the receipt, the order's card. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ChatOrder } from '~/db/conversations-repo';
import { AUTHOR_LABELS, type ChatTurn, RECEIPT_LABELS } from '~/domain/conversation-reply';
import { formatBRL } from '~/domain/money';
import { type OrderStatus, STATUS_LABELS } from '~/domain/order';
import { surface, touchLink } from '~/ui/styles';
import { turnTime } from './format';

// css.raw: Panda extracts the styles at build time, and a plain object looked up at run time
// would not be.
const TONES = {
  customer: css.raw({ bg: 'surface', borderColor: 'border', alignSelf: 'flex-start' }),
  assistant: css.raw({ bg: 'blue.50', borderColor: 'blue.200', alignSelf: 'flex-end' }),
  owner: css.raw({ bg: 'brand.50', borderColor: 'brand.100', alignSelf: 'flex-end' }),
  campaign: css.raw({ bg: 'amber.50', borderColor: 'amber.200', alignSelf: 'flex-end' }),
  order: css.raw({ bg: 'blue.50', borderColor: 'blue.200', alignSelf: 'flex-end' }),
};

const bubble = css.raw({
  maxW: '85%',
  borderWidth: '1px',
  borderRadius: 'xl',
  px: '3',
  py: '2',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
});
const meta = css({ fontSize: 'xs', color: 'muted', display: 'flex', gap: '2' });

function TurnImage({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <a href={url} target="_blank" rel="noreferrer" className={css(touchLink)}>
        Abrir imagem
      </a>
    );
  }
  return (
    <img
      src={url}
      alt="Imagem da conversa"
      loading="lazy"
      onError={() => setFailed(true)}
      className={css({ maxW: 'full', maxH: '64', borderRadius: 'lg', objectFit: 'cover' })}
    />
  );
}

export function OrderCard({ order }: { order: ChatOrder }) {
  return (
    <Link
      to="/pedidos/$id"
      params={{ id: order.id }}
      data-testid="chat-order"
      className={css(surface, {
        display: 'block',
        p: '3',
        color: 'fg',
        textDecoration: 'none',
        _hover: { borderColor: 'brand.500' },
      })}
    >
      <span className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <strong>Pedido {order.code}</strong>
        <strong>{formatBRL(order.total)}</strong>
      </span>
      <span className={css({ fontSize: 'sm', color: 'muted' })}>
        {STATUS_LABELS[order.status as OrderStatus] ?? order.status} · Ver pedido
      </span>
    </Link>
  );
}

export function TurnItem({
  turn,
  order,
  now,
}: {
  turn: ChatTurn;
  order: ChatOrder | undefined;
  now: Date;
}) {
  const tone = TONES[turn.author] ?? TONES.customer;
  return (
    <li data-testid="chat-turn" data-author={turn.author} className={css(bubble, tone)}>
      <span className={meta}>
        <strong className={css({ color: 'fg' })}>
          {AUTHOR_LABELS[turn.author] ?? turn.author}
        </strong>
        <time dateTime={turn.at}>{turnTime(turn.at, now)}</time>
      </span>
      {turn.mediaUrl ? <TurnImage url={turn.mediaUrl} /> : null}
      {turn.text ? (
        <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{turn.text}</p>
      ) : null}
      {order ? <OrderCard order={order} /> : null}
      {turn.receipt ? (
        <span className={css({ fontSize: 'xs', color: 'muted', alignSelf: 'flex-end' })}>
          {RECEIPT_LABELS[turn.receipt]}
        </span>
      ) : null}
    </li>
  );
}
