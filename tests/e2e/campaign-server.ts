/**
 * The campaign browser tests' own server: the real server with sending always inside the window
 * and fast (pacing 0-200 ms), the store 'Padaria Pão Quente' with three customers and its WhatsApp
 * connected to the sandbox gateway; and the steps those tests repeat (the history, the sandbox).
 */
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { type ApiOwner, api, createOwnerWithStore } from './offline-helpers';
import { type RunningServer, startServer } from './server';

export type CampaignServer = {
  server: RunningServer;
  owner: ApiOwner;
  /** Everything the WhatsApp sandbox received for the store, as JSON text. */
  whatsappTexts(): Promise<string>;
};

/** The customers every campaign reaches ('3 clientes'). */
const CAMPAIGN_CUSTOMERS = [
  ['Ana Souza', '11987654321'],
  ['Bruno Lima', '11912345678'],
  ['Carla Dias', '21998765432'],
] as const;

export async function startCampaignServer(env: {
  /** 'sandbox': the Pix step in front of 'Enviar'; 'off': the spec's free flow. */
  PIX_PROVIDER: 'sandbox' | 'off';
}): Promise<CampaignServer> {
  const server = await startServer({
    STATIC_DIR: inject('distDir'),
    CAMPAIGN_SEND_WINDOW: '00:00-24:00',
    CAMPAIGN_SEND_MIN_MS: '0',
    CAMPAIGN_SEND_MAX_MS: '200',
    ...env,
  });
  try {
    const owner = await createOwnerWithStore(server.baseUrl, 'Padaria Pão Quente');
    for (const [name, phone] of CAMPAIGN_CUSTOMERS) {
      const created = await api(server.baseUrl, 'POST', '/api/customers', owner.token, {
        name,
        phone,
      });
      expect(created.status).toBeLessThan(300);
    }
    // Opening the sandbox page is the "scan" of the QR code: the store's WhatsApp is connected.
    const qr = await api<{ sandboxUrl?: string }>(
      server.baseUrl,
      'GET',
      '/api/whatsapp/generate-qr',
      owner.token,
    );
    const whatsappSandbox = new URL(qr.body.sandboxUrl ?? '', server.baseUrl).toString();
    expect((await fetch(whatsappSandbox)).status).toBe(200);
    // The messages sit under the same path as the page, with the same key.
    const messagesUrl = new URL(whatsappSandbox);
    messagesUrl.pathname = `${messagesUrl.pathname}/messages`;
    const whatsappTexts = async () =>
      JSON.stringify(await fetch(messagesUrl).then((r) => r.json()));
    return { server, owner, whatsappTexts };
  } catch (error) {
    // Not left running behind a failed set-up.
    await server.stop();
    throw error;
  }
}

/** The campaign titled `title` in the history under the form. */
export const historyItem = (page: Page, title: string): Locator =>
  page.getByTestId('campaign-item').filter({ hasText: title });

/**
 * Waits until the history shows the campaign as 'Enviado' (the sandbox sends at 0-200 ms a
 * message, and the list refreshes by itself); answers its item.
 */
export async function sentInHistory(page: Page, title: string): Promise<Locator> {
  const item = historyItem(page, title);
  await item.getByText('Enviado', { exact: true }).waitFor({ timeout: 60_000 });
  return item;
}
