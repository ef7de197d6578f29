/**
 * The Contact Picker API (Android Chrome: `navigator.contacts.select`), the phone's own contacts
 * list; absent elsewhere (desktop, iOS Safari), where its button is not shown. What the owner
 * picks goes through the same rules as a spreadsheet line (customer-csv.ts).
 */
import Papa from 'papaparse';

export type PickedContact = { name?: string[]; tel?: string[] };

type ContactsManager = {
  select(properties: string[], options: { multiple: boolean }): Promise<PickedContact[]>;
};

function manager(): ContactsManager | null {
  const nav = navigator as Navigator & { contacts?: ContactsManager };
  return typeof window !== 'undefined' && 'ContactsManager' in window && nav.contacts
    ? nav.contacts
    : null;
}

export function hasContactPicker(): boolean {
  return manager() !== null;
}

/** Opens the phone's picker; [] when the owner cancels or the browser refuses. */
export async function pickContacts(): Promise<PickedContact[]> {
  const contacts = manager();
  if (!contacts) return [];
  try {
    return await contacts.select(['name', 'tel'], { multiple: true });
  } catch (error) {
    // Cancelling the picker rejects too: nothing was chosen, nothing to say.
    console.warn('Contact Picker', error);
    return [];
  }
}

/** The picked contacts as a customer sheet (first name and first number of each). */
export function contactsToCsv(contacts: readonly PickedContact[]): string {
  const data = contacts.map((c) => [c.name?.[0] ?? '', c.tel?.[0] ?? '']);
  return Papa.unparse({ fields: ['nome', 'telefone'], data }, { delimiter: ';' });
}
