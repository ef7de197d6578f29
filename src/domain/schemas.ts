/** Every zod schema shared by the PWA forms and the API, one module per resource (this is the barrel). */
export * from './auth-schema';
export {
  type Customer,
  type CustomerInput,
  customerFormSchema,
  customerSchema,
} from './customer';
export { type Product, type ProductInput, priceSchema, productSchema } from './product';
export * from './store-schema';
