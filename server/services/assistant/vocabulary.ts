/** Words and phrases (folded: no accents, lower case) that reveal what a customer is asking. */
import type { Weekday } from '../../../src/domain/hours';

const list = (phrases: string) => phrases.split('|');

export const GREETINGS = list(
  'oi|oie|ola|opa|eai|e ai|hello|hi|salve|bom dia|boa tarde|boa noite|tudo bem|tudo bom',
);
export const HOURS = list(
  'horario|horarios|hora|horas|abre|abrem|aberto|aberta|abertos|abrir|fecha|fecham|fechado|fechada|fechar|funciona|funcionam|funcionamento|expediente|atendem|abriu',
);
export const ADDRESS = list(
  'endereco|onde fica|onde e|onde voces ficam|onde ficam|fica onde|localizacao|localizados|localizada|como chego|como chegar|qual a rua|que rua|mapa|ponto de referencia|onde esta|onde estao|cep|qual o local',
);
export const PRICE = list('quanto|preco|precos|valor|valores|custa|custam|sai por|r$|promocao');
export const AVAILABILITY = list(
  'tem|teria|vende|vendem|possui|possuem|trabalham com|disponivel|estoque|voces tem',
);
export const CATALOG = list(
  'produtos|catalogo|cardapio|menu|o que voces vendem|o que vende|lista de precos|tabela|opcoes',
);
export const THANKS = list('obrigado|obrigada|valeu|agradeco|brigado|grato|grata');
export const DAY_WORDS: [string, Weekday][] = [
  ['domingo', 'domingo'],
  ['domingos', 'domingo'],
  ['segunda', 'segunda'],
  ['terca', 'terca'],
  ['quarta', 'quarta'],
  ['quinta', 'quinta'],
  ['sexta', 'sexta'],
  ['sabado', 'sabado'],
  ['sabados', 'sabado'],
];
/** Questions about the service, not the catalogue: answered from the owner's facts or by the owner. */
export const SERVICE = list(
  'frete|entrega|entregas|entregam|entregar|entregamos|delivery|motoboy|estacionamento|pagamento|pagar|cartao|credito|debito|pix|dinheiro|parcela|parcelas|parcelar|parcelam|troca|trocas|trocar|devolucao|devolver|garantia|instagram|site|telefone|reserva|reservar|agendar|encomenda|encomendas|retirada|retirar',
);
/** Acknowledgements that need no answer ('ok', 'blz', an emoji). */
export const ACKS = list(
  'ok|okay|okk|blz|beleza|certo|ta|ta bom|ta bem|entendi|show|combinado|perfeito|otimo|joia|top|sim|nao|hum|hmm|kk|kkk|kkkk|rs|rsrs',
);
