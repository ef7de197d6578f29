/** Input cleaning now lives in server/http.ts (readJson); these names stay for existing importers. */
export { cleanStrings, cleanText } from '../../http';
