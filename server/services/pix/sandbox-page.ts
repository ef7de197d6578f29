/** HTML of the sandbox PSP's page: plays the payer's bank app for one Pix charge. */
import { formatBRL } from '../../../src/domain/money';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const PIX_SANDBOX_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;color:#111}
header{background:#32bcad;color:#fff;padding:14px 16px}header h1{font-size:18px;margin:0}header p{margin:4px 0 0;font-size:13px;opacity:.95}
.banner{background:#fff3cd;color:#5c4400;padding:8px 16px;font-size:13px}
main{padding:16px;display:grid;gap:12px}.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.label{font-size:13px;color:#555;margin:0}.value{font-size:28px;font-weight:700;margin:4px 0 0}
.row{font-size:15px;margin:6px 0 0}#state{font-weight:600}
button{font:inherit;font-weight:700;background:#32bcad;color:#fff;border:0;border-radius:10px;padding:14px;width:100%;cursor:pointer;font-size:17px}
button:disabled{background:#9bb;cursor:default}#error{color:#b00020;font-size:14px;min-height:1em;margin:0}`;

/** Served as a file (/sandbox/pix/_/pix.js): no inline script under the CSP. */
export const PIX_SANDBOX_SCRIPT = `
const btn=document.getElementById('pay'), state=document.getElementById('state'), err=document.getElementById('error');
btn&&btn.addEventListener('click',async()=>{
  err.textContent='';btn.disabled=true;btn.textContent='Pagando...';
  try{
    const t=localStorage.getItem('token');
    if(!t){err.textContent='Entre no Talí neste navegador com a conta da loja para pagar.';btn.disabled=false;btn.textContent='Pagar';return}
    const r=await fetch(location.pathname.replace(/\\/$/,'')+'/pagar',{method:'POST',headers:{authorization:'Bearer '+t}});
    const b=await r.json().catch(()=>({}));
    if(!r.ok){err.textContent=r.status===401?'Entre no Talí neste navegador com a conta da loja para pagar.':(b.message||'Não foi possível pagar');btn.disabled=false;btn.textContent='Pagar';return}
    state.textContent='Pago. O Talí foi avisado.';btn.textContent='Pago';
  }catch{err.textContent='Sem conexão com o Talí';btn.disabled=false;btn.textContent='Pagar'}
});`;

export type SandboxChargeView = {
  amount: string;
  merchantName: string;
  description: string;
  /** 'ATIVA' (payable), 'CONCLUIDA', 'EXPIRADA' or 'REMOVIDA'. */
  state: 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REMOVIDA';
  expiresAt: Date;
};

const STATE_TEXT: Record<SandboxChargeView['state'], string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Esta cobrança já foi paga.',
  EXPIRADA: 'Esta cobrança expirou. Gere um novo Pix no Talí.',
  REMOVIDA: 'Esta cobrança foi cancelada.',
};

export function pixSandboxPage(charge: SandboxChargeView): string {
  const until = charge.expiresAt.toLocaleTimeString('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });
  const payable = charge.state === 'ATIVA';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Pix de demonstração</title><style>${PIX_SANDBOX_STYLE}</style></head><body>
<header><h1>Banco de demonstração</h1><p>Pix de teste (sandbox) do Talí</p></header>
<div class="banner">Nenhum dinheiro de verdade é movimentado. 'Pagar' faz o papel do app do banco e avisa o Talí como um banco real avisaria. Só a conta da loja, aberta neste navegador, pode pagar.</div>
<main><section class="card"><p class="label">Valor</p><p class="value">${escapeHtml(formatBRL(charge.amount))}</p>
<p class="row">Para: ${escapeHtml(charge.merchantName)}</p>
<p class="row">${escapeHtml(charge.description)}</p>
<p class="row">Válido até ${escapeHtml(until)}</p>
<p class="row" id="state" role="status">${escapeHtml(STATE_TEXT[charge.state])}</p></section>
<p id="error" role="alert"></p>
${payable ? '<button id="pay" type="button">Pagar</button>' : ''}
</main><script src="/sandbox/pix/_/pix.js"></script></body></html>`;
}

export function pixSandboxNotFoundPage(): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Cobrança não encontrada</title>
<style>${PIX_SANDBOX_STYLE}</style></head><body><header><h1>Cobrança não encontrada</h1></header>
<main><p>Gere um novo Pix no Talí e abra o link dele.</p></main></body></html>`;
}
