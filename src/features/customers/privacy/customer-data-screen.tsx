/**
 * A customer's data (/clientes/:id, LGPD art. 18): what the store holds, readable and printable,
 * 'Exportar dados' (CSV and JSON files) and 'Eliminar dados' (confirm, then what was removed and
 * kept). Online only: the export is read from the server, which holds more than the device.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { formatPhone } from '~/domain/phone';
import { type CustomerDataExport, ERASE_WARNING, type EraseAnswer } from '~/domain/privacy';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { DataSections } from './data-sections';
import { EraseAnswerDialog } from './erase-answer-dialog';
import {
  downloadCustomerCsv,
  downloadCustomerJson,
  eraseCustomerData,
  readCustomerData,
  sendCustomerData,
} from './privacy-api';

type Loaded = { data: CustomerDataExport } | { error: string } | null;

const actions = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  mb: '4',
  '@media print': { display: 'none' },
});

const failure = (error: unknown) =>
  error instanceof Error ? error.message : 'Tente novamente mais tarde.';

export function CustomerDataScreen({ id }: { id: string }) {
  const device = useDeviceStore();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<EraseAnswer | null>(null);
  // One key per erase the owner asks for: a retry after a lost answer is answered the same.
  const eraseKey = useRef(crypto.randomUUID());

  useEffect(() => {
    const abort = new AbortController();
    readCustomerData(id, abort.signal)
      .then((data) => setLoaded({ data }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setLoaded({ error: failure(error) });
      });
    return () => abort.abort();
  }, [id]);

  const exportCsv = async () => {
    try {
      await downloadCustomerCsv(id);
      toast.success('Dados exportados', 'A planilha foi salva no seu dispositivo.');
    } catch (error) {
      toast.error('Não foi possível exportar', failure(error));
    }
  };

  const sendToCustomer = async () => {
    try {
      const { message } = await sendCustomerData(id);
      toast.success('Dados enviados', message);
    } catch (error) {
      toast.error('Não foi possível enviar', failure(error));
    }
  };

  const erase = async () => {
    try {
      setAnswer(await eraseCustomerData(id, eraseKey.current));
      // The tombstone reaches this device now, the others on their next pull.
      device.pullNow().catch((error: unknown) => console.warn('pull after erase', error));
    } catch (error) {
      toast.error('Não foi possível eliminar os dados', failure(error));
    }
  };

  const data = loaded && 'data' in loaded ? loaded.data : null;
  return (
    <Page>
      <PageHeader
        title={data ? data.customer.name : 'Dados do cliente'}
        subtitle="Dados pessoais (LGPD)"
        backTo="/clientes"
      />
      {loaded === null ? (
        <p className={css({ color: 'muted', textAlign: 'center', py: '8' })}>Carregando dados...</p>
      ) : 'error' in loaded ? (
        <Card role="alert">
          <p className={css({ fontWeight: 'semibold' })}>Não foi possível carregar os dados</p>
          <p className={css({ fontSize: 'sm', color: 'muted' })}>
            {loaded.error} Exportar e eliminar dados precisam de conexão.
          </p>
        </Card>
      ) : (
        <>
          <div className={actions}>
            <Button onClick={exportCsv}>Exportar dados</Button>
            <Button variant="outline" onClick={() => setSending(true)}>
              Enviar pelo WhatsApp
            </Button>
            <Button variant="outline" onClick={() => downloadCustomerJson(loaded.data)}>
              Baixar JSON
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              Imprimir
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Eliminar dados
            </Button>
          </div>
          <DataSections data={loaded.data} />
        </>
      )}
      <ConfirmDialog
        open={sending}
        onOpenChange={setSending}
        title="Enviar os dados ao cliente?"
        description={`A planilha com os dados vai como documento para o WhatsApp ${
          data ? formatPhone(data.customer.phone) : ''
        }. Confira se o número é mesmo do cliente.`}
        confirmLabel="Enviar"
        tone="primary"
        onConfirm={sendToCustomer}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Eliminar os dados deste cliente?"
        description={ERASE_WARNING}
        confirmLabel="Eliminar dados"
        onConfirm={erase}
      />
      <EraseAnswerDialog answer={answer} onClose={() => navigate({ to: '/clientes' })} />
    </Page>
  );
}
