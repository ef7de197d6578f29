/**
 * The Clientes screen's labels row (issue 22): filter the list by a label, manage the labels,
 * and select customers to give them labels at once.
 */
import { useCallback, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalCustomer } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { LabelChips, toggled } from '~/ui/toggle-chips';
import { ImportSources } from './import-sources';
import { LabelsDialog } from './labels-dialog';
import { addLabelsTo, type LocalLabel, useLabels } from './labels-store';

/** What the list needs to show checkboxes: the chosen ids and how to flip one. */
export type Selection = { ids: ReadonlySet<string>; toggle: (id: string) => void };

/** The screen's label state: the filter, the selection mode and the selected customers. */
export function useCustomerLabels() {
  const labels = useLabels();
  const [filter, setFilter] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => setIds((s) => toggled(s, id)), []);
  const selection: Selection | undefined = useMemo(
    () => (selecting ? { ids, toggle } : undefined),
    [selecting, ids, toggle],
  );
  // A filter on a label deleted meanwhile shows everyone again.
  const active = filter && labels?.some((l) => l.id === filter) ? filter : null;
  const apply = useCallback(
    (rows: LocalCustomer[] | undefined) =>
      active && rows ? rows.filter((c) => c.labels?.includes(active)) : rows,
    [active],
  );
  // Each row's chips: a label's name by id (a deleted label's id has none and is not shown).
  const names = useMemo(() => new Map((labels ?? []).map((l) => [l.id, l.name])), [labels]);
  return {
    labels: labels ?? [],
    names,
    filter: active,
    setFilter,
    selecting,
    setSelecting: (on: boolean) => {
      setSelecting(on);
      setIds(new Set());
    },
    selection,
    apply,
  };
}

type State = ReturnType<typeof useCustomerLabels>;

/** Chooses labels and gives them to the selected customers. */
function BulkDialog({
  open,
  onOpenChange,
  labels,
  customerIds,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labels: LocalLabel[];
  customerIds: readonly string[];
  onDone: () => void;
}) {
  const device = useDeviceStore();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      const { changed, refused } = await addLabelsTo(customerIds, [...chosen], device);
      if (refused > 0) toast.error('Erro ao aplicar etiquetas', 'Tente novamente mais tarde.');
      else
        toast.success(`Etiquetas aplicadas a ${changed} ${changed === 1 ? 'cliente' : 'clientes'}`);
      setChosen(new Set());
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const n = customerIds.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Aplicar etiquetas"
      description={`${n} ${n === 1 ? 'cliente selecionado' : 'clientes selecionados'}`}
    >
      <LabelChips
        labels={labels}
        selected={chosen}
        onToggle={(id) => setChosen((s) => toggled(s, id))}
        groupLabel="Etiquetas a aplicar"
      />
      <div className={css({ display: 'flex', justifyContent: 'flex-end', mt: '4' })}>
        <Button onClick={apply} loading={busy} disabled={chosen.size === 0}>
          Aplicar
        </Button>
      </div>
    </Dialog>
  );
}

export function LabelsToolbar({ state }: { state: State }) {
  const [managing, setManaging] = useState(false);
  const [bulk, setBulk] = useState(false);
  const selected = state.selection ? [...state.selection.ids] : [];
  return (
    <div className={css({ display: 'grid', gap: '3', mb: '4' })}>
      {state.labels.length > 0 ? (
        <LabelChips
          labels={state.labels}
          selected={new Set(state.filter ? [state.filter] : [])}
          onToggle={(id) => state.setFilter(state.filter === id ? null : id)}
          groupLabel="Filtrar por etiqueta"
          scroll
          lead={{ text: 'Todos', pressed: !state.filter, onPress: () => state.setFilter(null) }}
        />
      ) : null}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
        <Button variant="outline" size="sm" onClick={() => setManaging(true)}>
          Etiquetas
        </Button>
        {state.selecting ? (
          <>
            <Button size="sm" disabled={selected.length === 0} onClick={() => setBulk(true)}>
              Etiquetar {selected.length > 0 ? `(${selected.length})` : ''}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => state.setSelecting(false)}>
              Cancelar seleção
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={state.labels.length === 0}
            onClick={() => state.setSelecting(true)}
          >
            Selecionar
          </Button>
        )}
        {state.selecting ? null : <ImportSources />}
      </div>
      <LabelsDialog open={managing} onOpenChange={setManaging} />
      <BulkDialog
        open={bulk}
        onOpenChange={setBulk}
        labels={state.labels}
        customerIds={selected}
        onDone={() => {
          setBulk(false);
          state.setSelecting(false);
        }}
      />
    </div>
  );
}
