/** What the owner reads about photos (issue 21's 'Adicionar foto'; the rest beyond the spec). */
export const PHOTO_UI = {
  add: 'Adicionar foto',
  title: 'Fotos',
  hint: 'A primeira foto é a capa do produto. Arraste uma foto ou use as setas para mudar a ordem.',
  full: 'Este produto já tem 5 fotos. Remova uma para adicionar outra.',
  undecodable: 'Não foi possível abrir esta imagem. Escolha uma foto JPEG, PNG, WebP ou HEIC.',
  quota: 'Sem espaço no aparelho para guardar a foto. Libere espaço e tente novamente.',
  waiting: 'Aguardando conexão',
  /** Before the server's own message ("A foto deve ter no máximo 2 MB."). */
  refused: 'Recusada pelo servidor:',
  cover: 'Capa',
  moveBefore: 'Mover foto para a esquerda',
  moveAfter: 'Mover foto para a direita',
  remove: 'Remover foto',
  removeTitle: 'Remover foto',
  removeText: 'A foto será removida do produto e da loja online.',
  removeConfirm: 'Remover',
  failed: 'Não foi possível salvar a foto. Tente novamente.',
} as const;
