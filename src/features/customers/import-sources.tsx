/**
 * Where imported customers come from: a CSV file ('Importar CSV'), or the phone's contacts
 * ('Adicionar dos contatos', Contact Picker API, Android Chrome; hidden where it is missing).
 */
import { type ChangeEvent, useRef, useState } from 'react';
import { decodeCsvBytes, parseCustomerCsv } from '~/domain/customer-csv';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { contactsToCsv, hasContactPicker, pickContacts } from './contact-picker';
import { ImportDialog, type Parsed, preview } from './import-dialog';

/** Files beyond this are refused before reading (a 50,000-customer sheet is ~3 MB). */
const MAX_BYTES = 5 * 1024 * 1024;

export function ImportSources() {
  const input = useRef<HTMLInputElement>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const fromFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error('Arquivo muito grande', 'O limite é 5 MB.');
      return;
    }
    const text = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    setParsed(await preview(file.name, parseCustomerCsv(text)));
  };
  const fromContacts = async () => {
    const contacts = await pickContacts();
    if (contacts.length === 0) return;
    setParsed(await preview('Contatos do celular', parseCustomerCsv(contactsToCsv(contacts))));
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="Arquivo CSV de clientes"
        onChange={(e) => void fromFile(e)}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        Importar CSV
      </Button>
      {hasContactPicker() ? (
        <Button variant="outline" size="sm" onClick={() => void fromContacts()}>
          Adicionar dos contatos
        </Button>
      ) : null}
      <ImportDialog parsed={parsed} onOpenChange={(open) => !open && setParsed(null)} />
    </>
  );
}
