/** The amber box of a notice the owner should read (offline, sandbox mode, a delay, an expiry). */
import { css } from 'styled-system/css';

export const warningNote = css({
  bg: 'amber.50',
  color: 'amber.900',
  borderWidth: '1px',
  borderColor: 'amber.200',
  borderRadius: 'lg',
  p: '3',
  fontSize: 'sm',
});
