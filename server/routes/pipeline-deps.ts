/**
 * The WhatsApp pipeline's dependencies as the routes give them: when the store's WhatsApp comes
 * back, the order messages owed meanwhile go (issue 38). Wired here, above both services, so the
 * assistant does not import the orders (which log their messages in the assistant's turn log).
 */
import type { PipelineDeps } from '../services/assistant/handle-incoming';
import { kickOrderMessages, orderMessageDeps } from '../services/orders/order-messages-send';
import type { Services } from '../types';

export function pipelineDeps(deps: Services): PipelineDeps {
  const kick = (storeId: string) => kickOrderMessages(orderMessageDeps(deps), storeId);
  // Back online, or an order placed in a chat (issue 39): the order messages owed go now.
  return { ...deps, onConnected: kick, onOrderPlaced: kick };
}
