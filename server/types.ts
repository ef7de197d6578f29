/** Types shared by the server's routes: injected services and per-request variables. */
import type { Db } from './db/client';
import type { Env } from './env';
import type { PaymentGateway } from './services/payments/gateway';
import type { PaymentRow } from './services/payments/on-paid';
import type { WhatsAppGateway } from './services/whatsapp/gateway';

export type Services = {
  db: Db;
  env: Env;
  now: () => Date;
  /** WhatsApp: Evolution API when configured, else the built-in sandbox. */
  gateway: WhatsAppGateway;
  /** Pix PSP for campaign payments; null when PIX_PROVIDER=off (campaigns are free). */
  pix: PaymentGateway | null;
  /** Tests only: replaces onPaid (services/payments/on-paid.ts). */
  onPaymentPaid?: (deps: Services, payment: PaymentRow) => Promise<void>;
};

export type AppEnv = {
  Variables: {
    deps: Services;
    /** Set by requireUser. */
    userId: string;
    /** Set by requireStore. */
    storeId: string;
  };
};
