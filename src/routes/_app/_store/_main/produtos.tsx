/** /produtos */
import { createFileRoute } from '@tanstack/react-router';
import { ProductsScreen } from '~/features/products/products-screen';

export const Route = createFileRoute('/_app/_store/_main/produtos')({ component: ProductsScreen });
