/** 'Alterar senha': current password, the new one twice; every other session ends on success. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { css } from 'styled-system/css';
import { type ChangePasswordForm, changePasswordFormSchema } from '~/domain/schemas';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { TextField } from '~/ui/field';
import { changePassword } from './security-api';

const FIELDS = [
  { name: 'atual', label: 'Senha atual', autoComplete: 'current-password' },
  { name: 'nova', label: 'Nova senha', autoComplete: 'new-password' },
  { name: 'confirmacao', label: 'Confirmar nova senha', autoComplete: 'new-password' },
] as const;

const EMPTY: ChangePasswordForm = { atual: '', nova: '', confirmacao: '' };

/** Told when other sessions ended, so the list reads again. */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ atual, nova }) => {
    try {
      const { sessoesEncerradas: ended } = await changePassword(atual, nova);
      form.reset(EMPTY);
      toast.success(
        'Senha alterada!',
        ended === 0
          ? 'Use a nova senha ao entrar em outro aparelho.'
          : ended === 1
            ? 'O outro aparelho conectado foi desconectado.'
            : `Os outros ${ended} aparelhos conectados foram desconectados.`,
      );
      onChanged();
    } catch (error) {
      toast.error(
        'Erro ao alterar senha',
        serverMessage(error, 'Não foi possível alterar a senha.'),
      );
    }
  });

  return (
    <Card>
      <CardTitle>Alterar senha</CardTitle>
      <p className={css({ fontSize: 'sm', color: 'muted', mb: '4' })}>
        Os outros aparelhos conectados à sua conta precisarão entrar com a nova senha.
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {FIELDS.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            type="password"
            autoComplete={autoComplete}
            placeholder={name === 'nova' ? 'Mínimo de 6 caracteres' : undefined}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
        <Button type="submit" full loading={isSubmitting} loadingText="Alterando...">
          Alterar senha
        </Button>
      </form>
    </Card>
  );
}
