/**
 * Marks an app screen that is only a wait (the session check's full-screen spinner): at start-up
 * the build-time first screen stays on instead of it (src/app/first-screen-handoff.ts).
 */
export const APP_WAIT_ATTRIBUTE = 'data-app-wait';
