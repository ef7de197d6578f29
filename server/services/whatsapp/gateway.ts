/** The one interface Talí uses to talk to WhatsApp, whatever gateway sits behind it. */

/** Talí's own connection states; each adapter maps its gateway's states onto these. */
export type ConnectionState = 'connected' | 'connecting' | 'disconnected';

export type GatewayProvider = 'evolution' | 'sandbox';

/** The store a call is about: its id names the gateway instance. */
export type GatewayStore = { id: string };

export type ConnectResult = {
  /** A `data:image/png;base64,…` URL to show as an image; null when already connected. */
  qrCode: string | null;
  state: ConnectionState;
  /** Sandbox only: the page the QR opens, so an owner with one device can open it by tap. */
  link?: string;
};

export type ConnectOptions = {
  /** The owner's request's origin when it is safe to link to (services/public-base.ts), else unset. */
  origin?: string;
};

/** A message a chat received or the connected phone sent (fromMe). */
export type IncomingMessageEvent = {
  type: 'message';
  /** The gateway's message id (for logs and de-duplication). */
  id: string;
  /** The other party's national digits (DDD + number) when Brazilian, else all digits. */
  from: string;
  text: string;
  pushName: string;
  fromMe: boolean;
  isGroup: boolean;
  isBroadcast: boolean;
  /** When the message was sent, if the gateway says so. */
  sentAt?: Date;
};

export type ConnectionChangeEvent = {
  type: 'connection';
  state: ConnectionState;
  /** The gateway's reason code when given (401 = logged out on the phone). */
  reason?: number;
};

/**
 * What WhatsApp said about a message the store sent (Evolution's messages.update): the server
 * took it (SERVER_ACK), the phone got it (DELIVERY_ACK), it was read or played (READ, PLAYED), or
 * it could not be delivered (ERROR).
 */
export type ReceiptEvent = {
  type: 'receipt';
  /** The id the gateway answered the send with (Evolution's key.id, its webhook's keyId). */
  messageId: string;
  status: 'server' | 'delivered' | 'read' | 'failed';
  /** The gateway instance the event names, when it names one (another instance's is ignored). */
  instance?: string;
  at: Date;
};

export type GatewayEvent = IncomingMessageEvent | ConnectionChangeEvent | ReceiptEvent;

/** What a send answers: the gateway's id for the message, when it gives one. */
export type SentMessage = { id: string | null };

/** A file sent as a WhatsApp document (a customer's data export, issue 40). */
export type DocumentFile = {
  /** The name the customer's phone shows and saves it under ('dados-do-cliente.csv'). */
  fileName: string;
  mimetype: string;
  /** The file's bytes, base64 (no data: prefix). */
  base64: string;
};

/** A pairing code for linking by number instead of QR ('Conectar com código'). */
export type PairingResult = { pairingCode: string | null; state: ConnectionState; link?: string };

export interface WhatsAppGateway {
  readonly provider: GatewayProvider;
  /** Starts (or resumes) linking the store's number and returns the QR to scan. */
  connect(store: GatewayStore, options?: ConnectOptions): Promise<ConnectResult>;
  state(store: GatewayStore): Promise<ConnectionState>;
  disconnect(store: GatewayStore): Promise<void>;
  /** `toNumber`: national digits (10/11) or full international digits. */
  sendText(store: GatewayStore, toNumber: string, text: string): Promise<SentMessage | undefined>;
  /** `media`: an https URL or base64 (a data URL is accepted). */
  sendImage(
    store: GatewayStore,
    toNumber: string,
    media: string,
    caption: string,
  ): Promise<SentMessage | undefined>;
  /** Sends a file as a document (not an image: the phone offers to open or save it). */
  sendDocument(
    store: GatewayStore,
    toNumber: string,
    file: DocumentFile,
    caption: string,
  ): Promise<SentMessage | undefined>;
  /**
   * Starts linking by phone number: `number` is the store's full international digits. The code
   * is null when the gateway has not produced one yet (or the number is already linked).
   */
  pairingCode?(
    store: GatewayStore,
    number: string,
    options?: ConnectOptions,
  ): Promise<PairingResult>;
  /**
   * After a send whose outcome is unknown (GatewayOutcomeUnknownError): did the gateway send a
   * message with this text to this number since `since`? 'sent' when it has it (delivered or on
   * its way), 'failed' when it has it marked as not delivered (WhatsApp's ERROR), 'unknown' when
   * it has nothing or cannot say: not finding it is no proof it was not sent. Optional: a
   * gateway without it leaves every unknown outcome unconfirmed.
   */
  lookupSent?(
    store: GatewayStore,
    toNumber: string,
    text: string,
    since: Date,
  ): Promise<'sent' | 'failed' | 'unknown'>;
  /** Turns a webhook body into Talí events; throws WebhookPayloadError when malformed. */
  parseWebhook(headers: Record<string, string>, body: unknown): GatewayEvent[];
}

/** The gateway could not be reached or refused the call (shown to the owner as a 502/503). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'rejected' | 'not_connected' = 'unavailable',
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * The request may have reached the gateway and the message may have gone out, but no answer
 * says so: a timeout or a broken connection after the request was written, or a 5xx. Never
 * "not sent": sending again could give the customer the message twice.
 */
export class GatewayOutcomeUnknownError extends GatewayError {
  constructor(message: string, kind: 'unavailable' | 'rejected' = 'unavailable') {
    super(message, kind);
    this.name = 'GatewayOutcomeUnknownError';
  }
}

/** The recipient has no WhatsApp account: mark the number, do not retry. */
export class NumberNotOnWhatsAppError extends GatewayError {
  constructor(readonly number: string) {
    super('Este número não tem WhatsApp', 'rejected');
    this.name = 'NumberNotOnWhatsAppError';
  }
}

/** The webhook body is not something a gateway sends: answered with 400. */
export class WebhookPayloadError extends Error {
  constructor(message = 'Corpo do webhook inválido') {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/** The header that carries the per-store secret on every webhook call. */
export const WEBHOOK_SECRET_HEADER = 'x-tali-secret';
