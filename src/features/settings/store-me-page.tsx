/** The frame of a settings screen that edits the store: the header, then its form once the store is read. */
import type { ComponentType } from 'react';
import type { StoreMe } from '~/domain/schemas';
import type { SingletonKind } from '~/domain/sync/entities';
import { type SectionState, useStoreMe } from '~/lib/auth/use-store-me';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { FullScreenSpinner } from '~/ui/spinner';
import { Unavailable } from '~/ui/unavailable';

type Props = {
  title: string;
  /** The section the form saves: its change waiting on the device, if any, goes to `Form`. */
  section: SingletonKind;
  Form: ComponentType<{ store: StoreMe; pending?: SectionState }>;
};

export function StoreMePage({ title, section, Form }: Props) {
  const state = useStoreMe();
  if (state.kind === 'loading') return <FullScreenSpinner />;
  return (
    <Page>
      <PageHeader title={title} backTo="/configuracoes" />
      {state.kind === 'ready' ? (
        <Form store={state.store} pending={state.pending[section]} />
      ) : (
        <Unavailable />
      )}
    </Page>
  );
}
