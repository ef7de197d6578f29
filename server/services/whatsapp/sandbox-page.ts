/** HTML of the sandbox page: a phone-sized chat that plays the store's customers. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const SANDBOX_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#efeae2;color:#111}
header{background:#075e54;color:#fff;padding:12px 16px}header h1{font-size:17px;margin:0}header p{margin:4px 0 0;font-size:13px;opacity:.9}
.banner{background:#fff3cd;color:#5c4400;padding:8px 16px;font-size:13px}
#state{padding:8px 16px;font-size:14px;font-weight:600}
#list{padding:8px 12px;display:flex;flex-direction:column;gap:6px;min-height:40vh}
.msg{max-width:85%;padding:8px 10px;border-radius:8px;white-space:pre-wrap;font-size:15px;box-shadow:0 1px 1px rgba(0,0,0,.1)}
.store{background:#fff;align-self:flex-start}.customer{background:#d9fdd3;align-self:flex-end}
.meta{display:block;font-size:11px;color:#555;margin-top:4px}.msg img{max-width:100%;border-radius:6px}
form{position:sticky;bottom:0;background:#f0f2f5;padding:10px 12px;display:grid;gap:8px;border-top:1px solid #ddd}
label{font-size:13px;display:grid;gap:2px}input,textarea{font:inherit;padding:8px;border:1px solid #ccc;border-radius:8px;width:100%}
button{font:inherit;font-weight:600;background:#25d366;color:#073;border:0;border-radius:8px;padding:10px;cursor:pointer}
#error{color:#b00020;font-size:13px;min-height:1em;margin:0}.empty{color:#555;font-size:14px;text-align:center}.note{padding:16px}`;

/**
 * Client script, served as a file (/sandbox/_/whatsapp.js: no inline script under the CSP): polls
 * the store's messages and posts the form; text is set, never parsed as HTML.
 */
export const SANDBOX_SCRIPT = `
const q=location.search, base=location.pathname.replace(/\\/$/,'');
const list=document.getElementById('list'), state=document.getElementById('state'), err=document.getElementById('error');
const fmt=(p)=>p.length===11?'('+p.slice(0,2)+') '+p.slice(2,7)+'-'+p.slice(7):p.length===10?'('+p.slice(0,2)+') '+p.slice(2,6)+'-'+p.slice(6):p;
let last='';
async function load(){
  try{
    const r=await fetch(base+'/messages'+q,{cache:'no-store'});
    const b=await r.json();
    if(!r.ok){state.textContent=(b.message||'Link inválido')+'. A loja desconectou ou gerou um novo QR Code.';return}
    state.textContent=b.state==='connected'?'WhatsApp da loja: Conectado':'WhatsApp da loja: Desconectado';
    const key=JSON.stringify(b.messages); if(key===last)return; last=key;
    list.replaceChildren();
    if(!b.messages.length){const p=document.createElement('p');p.className='empty';p.textContent='Nenhuma mensagem ainda.';list.append(p)}
    for(const m of b.messages){
      const d=document.createElement('div');d.className='msg '+m.from;d.dataset.testid='sandbox-message';
      if(m.mediaUrl){const i=document.createElement('img');i.src=m.mediaUrl;i.alt='';d.append(i)}
      d.append(document.createTextNode(m.text));
      const s=document.createElement('span');s.className='meta';
      const who=(m.name?m.name+' ':'')+fmt(m.phone);s.textContent=(m.from==='store'?(m.campaign?'Campanha → ':'Loja → ')+who:'Cliente '+who)+' · '+new Date(m.at).toLocaleTimeString('pt-BR',{hour:'2-digit',minute:'2-digit'});
      d.append(s);list.append(d);
    }
    window.scrollTo(0,document.body.scrollHeight);
  }catch{state.textContent='Sem conexão com o Talí'}
}
document.getElementById('form').addEventListener('submit',async(e)=>{
  e.preventDefault();err.textContent='';
  const f=e.target, btn=f.querySelector('button'), v=(n)=>f.elements.namedItem(n); btn.disabled=true;
  try{
    const r=await fetch(base+'/messages'+q,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({name:v('name').value,phone:v('phone').value,text:v('text').value})});
    const b=await r.json().catch(()=>({}));
    if(!r.ok){err.textContent=b.message||'Não foi possível enviar';}else{v('text').value='';await load()}
  }catch{err.textContent='Sem conexão com o Talí'}finally{btn.disabled=false}
});
load();setInterval(load,2000);`;

export function sandboxPage({ storeName }: { storeName: string }): string {
  const name = escapeHtml(storeName);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>WhatsApp de demonstração · ${name}</title><style>${SANDBOX_STYLE}</style></head><body>
<header><h1>${name}</h1><p>WhatsApp de demonstração (sandbox) do Talí</p></header>
<div class="banner">QR Code lido! Esta página faz o papel do WhatsApp: mostra o que a loja enviou e deixa você escrever para a loja como se fosse um cliente.</div>
<div id="state" role="status">Carregando…</div>
<main id="list" aria-live="polite"></main>
<form id="form" autocomplete="off">
<label>Seu nome<input name="name" maxlength="60" value="Cliente Teste"></label>
<label>Seu telefone (com DDD)<input name="phone" inputmode="tel" required value="11987654321"></label>
<label>Mensagem<textarea name="text" rows="2" maxlength="1000" required placeholder="Escreva para a loja…"></textarea></label>
<p id="error" role="alert"></p><button type="submit">Enviar para a loja</button>
</form><script src="/sandbox/_/whatsapp.js"></script></body></html>`;
}

export function invalidLinkPage(): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Link inválido</title>
<style>${SANDBOX_STYLE}</style></head><body><header><h1>Link inválido ou expirado</h1></header>
<p class="note">Gere um novo QR Code no Talí (Configurações › WhatsApp e Agente Virtual) e abra o link dele.</p>
</body></html>`;
}
