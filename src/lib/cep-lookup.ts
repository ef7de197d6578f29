/** CEP lookup on blur (spec §2, §8): exactly 8 digits → ViaCEP → address, with the spec's toasts. */
import { useCallback, useState } from 'react';
import { type CepAddress, readViaCep, viaCepUrl } from '~/domain/cep';
import { onlyDigits } from '~/domain/text';
import { toast } from './toast';

export function useCepLookup(onFound: (address: CepAddress) => void) {
  const [searching, setSearching] = useState(false);
  const lookup = useCallback(
    async (cep: string) => {
      if (onlyDigits(cep).length !== 8) return;
      setSearching(true);
      try {
        const res = await fetch(viaCepUrl(cep), { signal: AbortSignal.timeout(10_000) });
        // ViaCEP answers 400 for a malformed CEP: the owner typed something that does not exist.
        const answer = res.status === 400 ? 'not-found' : readViaCep(await res.json());
        if (answer === 'not-found')
          toast.error('CEP não encontrado', 'Por favor, verifique o CEP digitado');
        else onFound(answer);
      } catch {
        // Offline, timed out or a ViaCEP outage: said to the owner, who can type the address.
        toast.error('Erro ao buscar CEP', 'Não foi possível buscar o endereço');
      } finally {
        setSearching(false);
      }
    },
    [onFound],
  );
  return { lookup, searching };
}
