/** One customer per phone in a store (issue 14): the message the device and the API both give. */
export const duplicatePhoneMessage = (name: string): string =>
  `Já existe um cliente com este telefone: ${name}`;
