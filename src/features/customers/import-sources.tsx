/**
 * Where imported customers come from: a CSV file ('Importar CSV'), or the phone's contacts
 * ('Adicionar dos contatos', Contact Picker API, Android Chrome; hidden where it is missing).
 * Either is read in the import's worker (customer-import.worker.ts), which keeps the rows.
 */
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { contactsToCsv, hasContactPicker, pickContacts } from './contact-picker';
import { openCustomerImport } from './customer-import-protocol';
import { ImportDialog, type Parsed } from './import-dialog';

/** Files beyond this are refused before reading (a 50,000-customer sheet is ~3 MB). */
const MAX_BYTES = 5 * 1024 * 1024;

export function ImportSources() {
  const input = useRef<HTMLInputElement>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  // The worker of the preview on screen ends with it (and with the screen).
  useEffect(() => () => parsed?.session.close(), [parsed]);

  const read = async (source: string, bytes: ArrayBuffer) => {
    const session = openCustomerImport();
    try {
      setParsed({ source, session, preview: await session.parse(bytes) });
    } catch (error) {
      session.close();
      toast.error(
        'Erro',
        error instanceof Error ? error.message : 'Não foi possível ler o arquivo',
      );
    }
  };
  const fromFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error('Arquivo muito grande', 'O limite é 5 MB.');
      return;
    }
    await read(file.name, await file.arrayBuffer());
  };
  const fromContacts = async () => {
    const contacts = await pickContacts();
    if (contacts.length === 0) return;
    const sheet = new TextEncoder().encode(contactsToCsv(contacts));
    await read('Contatos do celular', sheet.buffer as ArrayBuffer);
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
