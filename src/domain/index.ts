/** Pure rules shared by the PWA and the server: no DOM, no Node APIs. */
export * from './cep';
export * from './cnpj';
export * from './hours';
export * from './money';
export * from './phone';
export * from './schemas';
export * from './text';
