/** /configuracoes/dados-cadastrais */
import { createFileRoute } from '@tanstack/react-router';
import { StoreDataScreen } from '~/features/settings/store-data-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/dados-cadastrais')({
  component: StoreDataScreen,
});
