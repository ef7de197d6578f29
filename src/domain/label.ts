/** Customer labels ('VIP', 'Atacado'): the API body schema, the API and device shapes, the device rows. */
import { required } from './fields';
import { editable, type FieldsOfMap, type ListRowOf, syncedMap } from './sync/columns';
import { bodySchema, deviceRules, type LocalRowOf } from './sync/row-shape';

/** The longest label name: it is shown as a chip on a phone. */
export const LABEL_NAME_MAX = 40;

/**
 * A label's fields, each once (docs/decisions/009-synced-entity-registry.md). Customers carry
 * the labels' ids (customer.ts `labels`); the names live here, so renaming touches one row.
 */
export const LABEL_COLUMNS = syncedMap({
  name: editable('text', 'name', required('Nome da etiqueta é obrigatório', LABEL_NAME_MAX)),
});

/** POST /api/etiquetas and PUT /api/etiquetas/:id. */
export const labelSchema = bodySchema(LABEL_COLUMNS);

/** Two labels of a store cannot share a name, whatever the case (409). */
export const LABEL_NAME_TAKEN = 'Já existe uma etiqueta com esse nome';
/** A customer given a label id the store does not have (400). */
export const LABEL_UNKNOWN = 'Etiqueta não encontrada';

export type ApiLabel = ListRowOf<typeof LABEL_COLUMNS>;
export type LabelFields = FieldsOfMap<typeof LABEL_COLUMNS>;
export type LocalLabel = LocalRowOf<typeof LABEL_COLUMNS>;

export const labelRows = deviceRules(LABEL_COLUMNS, { searchBy: 'name' });

/** What the registry entry holds besides the descriptor (src/domain/sync/registry.ts). */
export const labelRules = {
  columns: LABEL_COLUMNS,
  schema: labelSchema,
  children: [],
  ...labelRows,
};

/** The key two names are compared by: 'vip', ' VIP ' and 'Vip' are the same label (accents count). */
export const labelNameKey = (name: string): string => name.trim().toLocaleLowerCase('pt-BR');
