/** Every background job the server runs: add one line per job (see define.ts for the shape). */
import { cleanupJob } from './cleanup';
import type { JobDefinition } from './define';

export const jobDefinitions: readonly JobDefinition[] = [cleanupJob];
