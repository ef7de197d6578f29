/** A store's address, field by field as the spec names them: typed in onboarding and settings, shown by the storefront and the assistant. */
export const ADDRESS_FIELDS = [
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Every field present; an empty string where the owner left one blank (complemento). */
export type Address = Record<AddressField, string>;
