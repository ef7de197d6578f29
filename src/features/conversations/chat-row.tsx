/** One chat of the Conversas list: name, time, last message, unread count, assistant, labels. */
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { css } from 'styled-system/css';
import { circle } from 'styled-system/patterns';
import type { ChatListItem } from '~/db/conversations-repo';
import { initialOf } from '~/domain/text';
import { pill, surface } from '~/ui/styles';
import { assistantText, chatTime, lastLine } from './format';

const rowLink = css(surface, {
  display: 'flex',
  gap: '3',
  p: '3',
  color: 'fg',
  textDecoration: 'none',
  _hover: { borderColor: 'brand.500' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
});
const tag = css(pill, { fontSize: 'xs', px: '2', py: '0.5', flexShrink: 0 });
const labelTag = css(pill, {
  fontSize: 'xs',
  px: '2',
  py: '0.5',
  bg: 'brand.100',
  color: 'brand.800',
  maxW: '28',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

/**
 * Memoised like the product cards: the window virtualiser renders the list again on every scroll
 * frame, and only rows coming into view need to render. `today` changes at midnight ('ontem').
 */
export const ChatRow = memo(function ChatRow({
  chat,
  today: _today,
}: {
  chat: ChatListItem;
  today: string;
}) {
  const unread = chat.unread > 0;
  const now = new Date();
  return (
    <Link
      to="/conversas/$phone"
      params={{ phone: chat.phone }}
      data-testid="chat-row"
      className={rowLink}
    >
      <div
        aria-hidden="true"
        className={circle({
          size: '10',
          flexShrink: 0,
          bg: 'brand.100',
          color: 'brand.700',
          fontWeight: 'bold',
        })}
      >
        {initialOf(chat.name)}
      </div>
      <div className={css({ flex: '1', minW: 0 })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
          <strong className={css({ flex: '1', minW: 0, truncate: true })}>{chat.name}</strong>
          <time
            dateTime={chat.lastMessageAt}
            className={css({
              fontSize: 'xs',
              flexShrink: 0,
              color: unread ? 'brand.800' : 'muted',
              fontWeight: unread ? 'semibold' : 'normal',
            })}
          >
            {chatTime(chat.lastMessageAt, now)}
          </time>
        </div>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', mt: '0.5' })}>
          <p
            className={css({
              flex: '1',
              minW: 0,
              truncate: true,
              fontSize: 'sm',
              color: unread ? 'fg' : 'muted',
            })}
          >
            {lastLine(chat.lastText, chat.lastAuthor)}
          </p>
          {unread ? (
            <span
              data-testid="chat-unread"
              className={circle({
                minW: '6',
                h: '6',
                px: '1.5',
                fontSize: 'xs',
                fontWeight: 'bold',
                bg: 'brand.700',
                color: 'white',
              })}
            >
              {chat.unread > 99 ? '99+' : chat.unread}
              <span className={css({ srOnly: true })}> não lidas</span>
            </span>
          ) : null}
        </div>
        <div className={css({ display: 'flex', gap: '1', mt: '1.5', flexWrap: 'wrap' })}>
          {chat.needsHuman ? (
            <span
              className={css(
                pill,
                { fontSize: 'xs', px: '2', py: '0.5' },
                { bg: 'red.100', color: 'red.800' },
              )}
            >
              Precisa de você
            </span>
          ) : null}
          <span
            className={`${tag} ${css(
              chat.assistantActive
                ? { bg: 'green.50', color: 'green.800' }
                : { bg: 'amber.100', color: 'amber.900' },
            )}`}
          >
            {assistantText(chat.assistantActive, chat.pausedUntil)}
          </span>
          {chat.labels.slice(0, 3).map((name) => (
            <span key={name} className={labelTag}>
              {name}
            </span>
          ))}
        </div>
      </div>
    </Link>
  );
});
