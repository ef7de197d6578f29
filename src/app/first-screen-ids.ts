/** Names shared by index.html's start-up (first-screen-boot.ts) and the app's hand-over. */

/** Id of the static screen the start-up shows until the app is ready. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Event of the start-up: a link or Back switched the static screen's path. */
export const FIRST_SCREEN_MOVED = 'tali:first-screen-moved';
