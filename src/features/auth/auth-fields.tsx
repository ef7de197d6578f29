/** The e-mail and password fields of /login and /register: one label, keyboard and autofill each. */
import { TextField, type TextFieldProps } from '~/ui/field';

type Props = Omit<TextFieldProps, 'label' | 'type'>;

export function EmailField(props: Props) {
  return (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="seu@email.com"
      {...props}
    />
  );
}

/** 'Senha' unless told; the screen says which autofill (current or new password). */
export function PasswordField({ label = 'Senha', ...props }: Props & { label?: string }) {
  return <TextField label={label} type="password" {...props} />;
}
