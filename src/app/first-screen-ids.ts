/** Names shared by index.html's start-up (first-screen-boot.ts) and the app's hand-over. */

/** Id of the static screen the start-up shows until the app is ready. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Event of the start-up: a link or Back switched the static screen's path. */
export const FIRST_SCREEN_MOVED = 'tali:first-screen-moved';

/**
 * Attribute of a static screen painted from a snapshot of the live one (decision 028): the app
 * takes over once its own part of the screen is ready (`FIRST_SCREEN_READY`), not before.
 */
export const SNAPSHOT_SCREEN = 'data-snapshot';
/** The live element that a snapshot shows ahead of the app, and its state once it has its rows. */
export const FIRST_SCREEN_PART = 'data-first-screen-part';
export const FIRST_SCREEN_READY = 'data-first-screen-ready';
/** Attribute of a snapshot screen: the label of the header button tapped before the app ran. */
export const TAPPED = 'data-tapped';
