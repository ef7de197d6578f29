/** 'Needs a connection': shown when the store could not be read (offline on a first visit). */
import { css } from 'styled-system/css';
import { Card } from '~/ui/card';

export function Unavailable() {
  return (
    <Card>
      <p className={css({ textAlign: 'center', color: 'muted', py: '6' })}>
        Não foi possível carregar os dados da loja. Verifique sua conexão e tente novamente.
      </p>
    </Card>
  );
}
