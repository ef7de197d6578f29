/** Moved to src/lib/use-online.ts (the settings' Segurança screen needs it too). */
export { useOnline } from '~/lib/use-online';
