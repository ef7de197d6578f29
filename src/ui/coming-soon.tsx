/** Temporary body for screens whose feature has not landed yet. */
import { css } from 'styled-system/css';
import { Card } from './card';
import { Page } from './page';
import { PageHeader } from './page-header';

export function ComingSoon({ title, backTo }: { title: string; backTo?: string }) {
  return (
    <Page>
      <PageHeader title={title} backTo={backTo} />
      <Card>
        <p className={css({ color: 'muted', textAlign: 'center', py: '8' })}>
          Esta área estará disponível em breve.
        </p>
      </Card>
    </Page>
  );
}
