/**
 * Style pieces several screens share, as Panda raw objects: a screen composes them with its own
 * (`css(pill, { px: '2' })`), later objects winning, so one look has one definition.
 */
import { css } from 'styled-system/css';

/** A bordered white surface (list rows, campaign items): the card without its padding. */
export const surface = css.raw({
  bg: 'surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border',
});

/** A thin border with the app's border colour, for framed media and code. */
export const framed = css.raw({ borderWidth: '1px', borderColor: 'border', borderRadius: 'lg' });

/** A rounded label on one line (statuses, counts); the screen gives its colours and size. */
export const pill = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'full',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
});

/** Children in a row, centred on the cross axis. */
export const centerRow = css.raw({ display: 'flex', alignItems: 'center' });

/** A text link that is still a 44 px touch target (issue 14). */
export const touchLink = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  color: 'primary',
  textDecoration: 'underline',
});

/** A notice box's frame (offline, warnings); its colours from `tint`. */
export const noticeBox = css.raw({ borderWidth: '1px', borderRadius: 'lg', fontSize: 'sm' });

/** A palette's light background, dark text and soft border, for notices. */
export const tint = {
  amber: css.raw({ bg: 'amber.50', color: 'amber.900', borderColor: 'amber.200' }),
  blue: css.raw({ bg: 'blue.50', color: 'blue.800', borderColor: 'blue.200' }),
  red: css.raw({ bg: 'red.50', borderColor: 'red.200' }),
};
