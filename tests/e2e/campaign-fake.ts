/**
 * An in-test stand-in for /api/campanhas*, routed with playwright's context.route, for the screen
 * states the real server reaches only slowly or by failure (campaigns-screen.test.ts; the real
 * routes are driven by campaigns-real-server.test.ts). Sending is simulated: a confirmed send-now
 * campaign is 'em andamento' and settles ('enviado', every recipient sent) a few seconds later.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Route } from 'playwright-core';
import type { CampaignJson, CampaignStatus } from '../../src/domain/campaigns';

/** The API's campaign (src/domain/campaigns.ts), with only the statuses the fake produces. */
export type FakeCampaign = Omit<CampaignJson, 'status'> & { status: CampaignStatus };

type Customer = { customerId: string; name: string; phone: string; optedOut: boolean };

/** The store's time zone in the test (São Paulo, UTC-3 all year since 2019). */
const STORE_OFFSET = '-03:00';
const SETTLE_MS = 3_000;

export class FakeCampaignServer {
  campaigns = new Map<string, FakeCampaign>();
  uploads: string[] = [];
  createBodies: Record<string, unknown>[] = [];
  /** `offset` of every history page asked for. */
  listOffsets: number[] = [];
  images = new Map<string, Buffer>();
  customers: Customer[] = [
    { customerId: randomUUID(), name: 'Ana Souza', phone: '11987654321', optedOut: false },
    { customerId: randomUUID(), name: 'Bruno Lima', phone: '11912345678', optedOut: false },
    { customerId: randomUUID(), name: 'Carla Dias', phone: '21998765432', optedOut: false },
    { customerId: randomUUID(), name: 'Davi Rocha', phone: '31987651234', optedOut: true },
  ];
  dailyLimit = 2;
  /** Send window in store hours; [0, 24] means always. */
  window: [number, number] = [0, 24];
  /** Answer every call as if the device had no network. */
  offline = false;
  /** The store's public page (GET /api/stores/public-url's url), or null: none. */
  storePage: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async install(context: BrowserContext): Promise<void> {
    await context.route('**/api/campanhas**', (route) => this.handle(route));
    await context.route('**/fake-campaign-images/**', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      const bytes = this.images.get(name);
      return bytes
        ? route.fulfill({ status: 200, contentType: 'image/png', body: bytes })
        : route.fulfill({ status: 404 });
    });
  }

  private recipients() {
    return this.customers.filter((c) => !c.optedOut);
  }

  private confirmedToday(): number {
    return [...this.campaigns.values()].filter((c) => c.confirmedAt && c.status !== 'cancelado')
      .length;
  }

  /** When sending really starts: the asked time, or the next opening of the send window. */
  private startsAt(asked: Date): Date {
    const [open, close] = this.window;
    const local = new Date(asked.getTime() - 3 * 3600_000);
    const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
    if (hour >= open && hour < close) return asked;
    const day = local.toISOString().slice(0, 10);
    const opening = new Date(`${day}T${String(open).padStart(2, '0')}:00:00${STORE_OFFSET}`);
    return hour < open ? opening : new Date(opening.getTime() + 24 * 3600_000);
  }

  /** The simulated sender: a running campaign settles SETTLE_MS after its start. */
  private advance(c: FakeCampaign): FakeCampaign {
    if (!c.confirmedAt || !c.startsAt || c.status === 'cancelado' || c.status === 'enviado')
      return c;
    const started = Date.now() - new Date(c.startsAt).getTime();
    if (started < 0) return c;
    c.status = started >= SETTLE_MS ? 'enviado' : 'em andamento';
    if (c.status === 'enviado') {
      c.sentCount = String(c.recipientCount);
      c.sentAt = new Date(new Date(c.startsAt).getTime() + SETTLE_MS).toISOString();
    }
    return c;
  }

  private json(route: Route, status: number, body: unknown) {
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }

  private limitMessage() {
    return `Você já atingiu o limite de ${this.dailyLimit} campanha(s) por dia`;
  }

  /** Adds `count` confirmed, settled campaigns created one minute apart (oldest first). */
  seedHistory(count: number): void {
    const start = Date.now() - (count + 10) * 60_000;
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(start + i * 60_000).toISOString();
      const id = randomUUID();
      this.campaigns.set(id, {
        id,
        titulo: `Campanha antiga ${i + 1}`,
        mensagem: 'Mensagem de teste',
        imageUrl: null,
        status: 'enviado',
        sentCount: '3',
        scheduledDate: null,
        sendNow: true,
        sentAt: createdAt,
        createdAt,
        confirmedAt: createdAt,
        recipientCount: 3,
        startsAt: createdAt,
        pauseReason: null,
      });
    }
  }

  async handle(route: Route): Promise<void> {
    if (this.offline) return route.abort('internetdisconnected');
    const request = route.request();
    if (!request.headers().authorization?.startsWith('Bearer ')) {
      return this.json(route, 401, { message: 'Não autenticado' });
    }
    const url = new URL(request.url());
    const path = url.pathname;
    const method = request.method();
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;

    if (method === 'GET' && path === '/api/campanhas') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      this.listOffsets.push(offset);
      const list = [...this.campaigns.values()]
        .filter((c) => c.confirmedAt)
        .map((c) => this.advance(c))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return this.json(route, 200, list.slice(offset, offset + limit));
    }
    if (method === 'GET' && path === '/api/campanhas/limite-diario') {
      const dailySent = this.confirmedToday();
      return this.json(route, 200, {
        dailyLimit: this.dailyLimit,
        dailySent,
        remaining: Math.max(0, this.dailyLimit - dailySent),
      });
    }
    if (method === 'POST' && path === '/api/campanhas/upload') {
      const dataUrl = String(body.imageBase64 ?? '');
      const match = /^data:image\/(png|jpeg|webp);base64,(.+)$/.exec(dataUrl);
      if (!match) return this.json(route, 400, { message: 'Envie uma imagem JPEG, PNG ou WebP' });
      const bytes = Buffer.from(match[2] ?? '', 'base64');
      if (bytes.length > 5 * 1024 * 1024) {
        return this.json(route, 413, { message: 'A imagem deve ter no máximo 5MB' });
      }
      this.uploads.push(dataUrl);
      const name = `${randomUUID()}.png`;
      this.images.set(name, bytes);
      return this.json(route, 200, { imageUrl: `${this.baseUrl}/fake-campaign-images/${name}` });
    }
    if (method === 'POST' && path === '/api/campanhas') {
      this.createBodies.push(body);
      if (this.recipients().length === 0 && this.customers.length === 0) {
        return this.json(route, 400, {
          message: 'Você precisa ter pelo menos um cliente cadastrado para criar uma campanha',
        });
      }
      if (this.confirmedToday() >= this.dailyLimit) {
        return this.json(route, 429, { message: this.limitMessage() });
      }
      const sendNow = body.sendNow === true;
      const scheduledDate = typeof body.scheduledDate === 'string' ? body.scheduledDate : null;
      if (!sendNow && !scheduledDate) {
        return this.json(route, 400, {
          message: "Informe a data e hora programada ou marque 'Enviar Agora'",
        });
      }
      const id = typeof body.id === 'string' ? body.id : randomUUID();
      const existing = this.campaigns.get(id);
      const campaign: FakeCampaign = {
        id,
        titulo: String(body.titulo ?? ''),
        mensagem: String(body.mensagem ?? ''),
        imageUrl: typeof body.imageUrl === 'string' ? body.imageUrl : null,
        status: 'agendado',
        sentCount: '0',
        scheduledDate: sendNow ? null : scheduledDate,
        sendNow,
        sentAt: null,
        createdAt: existing?.createdAt ?? new Date().toISOString(),
        confirmedAt: null,
        recipientCount: this.recipients().length,
        startsAt: null,
        pauseReason: null,
        // As the server composes it (store-link.ts): on by default with a public page.
        storeLink:
          this.storePage && body.includeStoreLink !== false ? `${this.storePage}?c=${id}` : null,
      };
      this.campaigns.set(id, campaign);
      return this.json(route, existing ? 200 : 201, campaign);
    }
    if (method === 'POST' && path === '/api/campanhas/enviar') {
      const campaign = this.campaigns.get(String(body.campaignId));
      if (!campaign) return this.json(route, 404, { message: 'Campanha não encontrada' });
      if (!campaign.confirmedAt) {
        if (this.confirmedToday() >= this.dailyLimit) {
          return this.json(route, 429, { message: this.limitMessage() });
        }
        campaign.confirmedAt = new Date().toISOString();
        const asked = campaign.sendNow
          ? new Date()
          : new Date(`${campaign.scheduledDate}:00${STORE_OFFSET}`);
        campaign.startsAt = this.startsAt(asked).toISOString();
      }
      return this.json(route, 200, this.advance(campaign));
    }
    const cancel = /^\/api\/campanhas\/([^/]+)\/cancelar$/.exec(path);
    if (method === 'PATCH' && cancel) {
      const campaign = this.campaigns.get(decodeURIComponent(cancel[1] ?? ''));
      if (!campaign?.confirmedAt)
        return this.json(route, 404, { message: 'Campanha não encontrada' });
      if (campaign.status !== 'agendado') {
        return this.json(route, 409, { message: 'Esta campanha não pode mais ser cancelada' });
      }
      campaign.status = 'cancelado';
      return this.json(route, 200, campaign);
    }
    const report = /^\/api\/campanhas\/([^/]+)\/relatorio$/.exec(path);
    if (method === 'GET' && report) {
      const campaign = this.campaigns.get(decodeURIComponent(report[1] ?? ''));
      if (!campaign?.confirmedAt)
        return this.json(route, 404, { message: 'Campanha não encontrada' });
      this.advance(campaign);
      const started = campaign.status === 'em andamento' || campaign.status === 'enviado';
      const done = campaign.status === 'enviado';
      const at = campaign.sentAt ?? new Date().toISOString();
      const recipients = started
        ? this.customers.map((c) => ({
            customerId: c.customerId,
            name: c.name,
            phone: c.phone,
            status: c.optedOut ? 'skipped' : done ? 'sent' : 'pending',
            at: c.optedOut || done ? at : null,
            error: c.optedOut ? 'Cliente pediu para não receber promoções (SAIR)' : null,
          }))
        : [];
      const count = (s: string) => recipients.filter((r) => r.status === s).length;
      return this.json(route, 200, {
        campaign,
        counts: {
          total: started ? recipients.length : campaign.recipientCount,
          pending: count('pending'),
          sent: count('sent'),
          failed: count('failed'),
          skipped: count('skipped'),
        },
        recipients,
      });
    }
    return this.json(route, 404, { message: 'Rota não encontrada' });
  }
}
