/** The amber box of a notice the owner should read (offline, sandbox mode, a delay, an expiry). */
import { css } from 'styled-system/css';
import { noticeBox, tint } from './styles';

export const warningNote = css(noticeBox, tint.amber, { p: '3' });
