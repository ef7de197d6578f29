/** Who processes the store's customers' data besides the store, from the running server's services. */

import { llmConfigFromEnv } from '../../env';
import type { Services } from '../../types';
import type { Processors } from './notice-page';

export function processorsOf(deps: Pick<Services, 'env' | 'gateway'>): Processors {
  const llm = llmConfigFromEnv(deps.env);
  return {
    gateway: deps.gateway.provider === 'evolution',
    llmHost: llm ? new URL(llm.baseUrl).host : null,
  };
}
