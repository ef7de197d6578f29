/**
 * 'Privacidade' (/configuracoes/privacidade, LGPD, decision 024): the customers' requests with
 * their due dates, how long data is kept, the notice's paragraph, the record of processing and
 * the incident register. Online: these live on the server.
 */
import { css } from 'styled-system/css';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { IncidentsSection } from './incidents-section';
import { downloadRecord } from './privacy-api';
import { RequestsSection } from './requests-section';
import { RetentionSection } from './retention-section';

async function saveRecord() {
  try {
    await downloadRecord();
  } catch (e) {
    toast.error('Não foi possível baixar', e instanceof Error ? e.message : '');
  }
}

export function PrivacyScreen() {
  return (
    <Page>
      <PageHeader
        title="Privacidade"
        subtitle="Dados dos clientes (LGPD)"
        backTo="/configuracoes"
      />
      <div className={css({ display: 'grid', gap: '4' })}>
        <RequestsSection />
        <RetentionSection />
        <Card>
          <CardTitle>Registro das operações de tratamento</CardTitle>
          <p className={css({ fontSize: 'sm', color: 'muted', mb: '3' })}>
            O registro simplificado da ANPD, preenchido com os dados da loja.
          </p>
          <Button variant="outline" onClick={saveRecord}>
            Baixar registro (CSV)
          </Button>
        </Card>
        <IncidentsSection />
      </div>
    </Page>
  );
}
