import { afterEach, describe, expect, it } from 'vitest';
import { bottomToaster, removeAllToasts, toast, topToaster, visibleToasts } from './toast';

const visibleTitles = () => visibleToasts().map((t) => t.title);

afterEach(() => removeAllToasts());

describe('the toaster', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    toast.success('Produto criado!');
    toast.error('Erro ao salvar', 'Não foi possível atualizar o horário de funcionamento.');
    expect(visibleTitles()).toEqual(['Erro ao salvar']);
    const [shown] = visibleToasts();
    expect(shown?.description).toBe('Não foi possível atualizar o horário de funcionamento.');
    expect(shown?.type).toBe('error');
  });

  it('keeps ordinary toasts for 5 seconds and the update notice until acted on', () => {
    toast.success('Dados atualizados!');
    expect(visibleToasts()[0]?.duration).toBe(5000);
    toast.persistent({
      title: 'Nova versão disponível',
      description: 'Uma atualização está pronta para ser instalada.',
      action: { label: 'Recarregar', onClick: () => undefined },
    });
    const [notice] = visibleToasts();
    expect(notice?.title).toBe('Nova versão disponível');
    expect(notice?.duration).toBe(Number.POSITIVE_INFINITY);
    expect(notice?.action?.label).toBe('Recarregar');
  });

  it('is configured as spec §9 says: F8, removal delay, at most one', () => {
    for (const toaster of [bottomToaster, topToaster]) {
      expect(toaster.attrs.hotkey).toEqual(['F8']);
      expect(toaster.attrs.removeDelay).toBe(1_000_000);
      expect(toaster.attrs.max).toBe(1);
    }
    expect(bottomToaster.attrs.placement).toBe('bottom');
    expect(topToaster.attrs.placement).toBe('top');
  });
});
